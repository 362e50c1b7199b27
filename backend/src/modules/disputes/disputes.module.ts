import { Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { StripeEventHandlers, StripeModule } from '../../integrations/stripe';
import { OpenDispute, OpenDisputeHandler } from './commands/open-dispute.handler';
import { SubmitDisputeEvidenceHandler } from './commands/submit-dispute-evidence.handler';
import { disputeEvents } from './disputes.events';
import { DisputesEvidenceController } from './disputes-evidence.controller';
import { DisputesQueries } from './disputes.queries';
import { DisputesServerFns } from './disputes.server-fns';
import { EvidenceFactsQueries } from './evidence-facts.queries';
import { DisputesProjector } from './projections/disputes.projector';
import { disputeStreamKinds } from './disputes.stream-kinds';

/** Stripe disputes: the evidence the log holds, assembled when one arrives, reviewed and submitted by an admin. */
@Module({
  imports: [StripeModule],
  controllers: [DisputesEvidenceController],
  providers: [DisputesQueries, DisputesServerFns, EvidenceFactsQueries, OpenDisputeHandler, SubmitDisputeEvidenceHandler],
})
export class DisputesModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly handlers: StripeEventHandlers,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.events.register(...disputeEvents);
    this.streamKinds.add(...disputeStreamKinds);
    this.projectors.register(new DisputesProjector());
    this.handlers.on('charge.dispute.created', (e) => this.commands.execute(new OpenDispute(e)));
  }
}
