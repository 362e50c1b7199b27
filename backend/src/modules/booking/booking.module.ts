import { Module, type OnModuleInit } from '@nestjs/common';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { availabilityEvents } from './availability.events';
import { AvailabilityProjector } from './availability.projector';
import { AvailabilityServerFns } from './availability.server-fns';
import { bookingEvents } from './booking.events';

/** 1-on-1 sessions: hosts' availability, holds and bookings on each host's calendar. */
@Module({ providers: [AvailabilityServerFns] })
export class BookingModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...availabilityEvents, ...bookingEvents);
    this.projectors.register(new AvailabilityProjector());
  }
}
