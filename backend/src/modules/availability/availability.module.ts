import { Module, type OnModuleInit } from '@nestjs/common';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { availabilityEvents } from './availability.events';
import { AvailabilityServerFns } from './availability.server-fns';
import { OpenHostAvailabilityHandler } from './commands/open-host-availability.handler';
import { SaveHostAvailabilityHandler } from './commands/save-host-availability.handler';
import { AvailabilityProjector } from './projections/availability.projector';

/** Hosts' availability: weekly hours, overrides and booking rules, their read model, and the open slots they leave. */
@Module({ providers: [AvailabilityServerFns, SaveHostAvailabilityHandler, OpenHostAvailabilityHandler] })
export class AvailabilityModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...availabilityEvents);
    this.projectors.register(new AvailabilityProjector());
  }
}
