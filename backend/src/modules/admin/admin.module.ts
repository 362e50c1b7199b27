import { BullModule } from '@nestjs/bullmq';
import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { AdminGate } from '../../server-fn/admin-operation';
import { AdminAccess } from '../auth';
import { AdminOperationGate } from './admin-operation-gate';
import { adminEvents } from './admin.events';
import { adminOperationEvents } from './admin-operations.events';
import { RecordAdminOperationHandler } from './commands/record-admin-operation.handler';
import { AdminOperationsProjector } from './projections/admin-operations.projector';
import { SupportAuditServerFns } from './support-audit.server-fns';
import { SupportAuditQueries } from './support-audit.queries';
import { SupportAuditProjector } from './projections/support-audit.projector';
import { AdminQueries } from './admin.queries';
import { AdminServerFns } from './admin.server-fns';
import { CustomerAccountQueries } from './customer-account.queries';
import { CustomerAccountServerFns } from './customer-account.server-fns';
import { CustomerSearchQueries } from './customer-search.queries';
import { CustomerSearchServerFns } from './customer-search.server-fns';
import { CustomerTimelineQueries } from './customer-timeline.queries';
import { EntitlementSourcesQueries } from './entitlement-sources.queries';
import { EntitlementSourcesServerFns } from './entitlement-sources.server-fns';
import { CompleteReplayHandler } from './commands/complete-replay.handler';
import { FailReplayHandler } from './commands/fail-replay.handler';
import { RequestReplayHandler } from './commands/request-replay.handler';
import { ADMIN_QUEUE } from './jobs/admin-queue';
import { StreamSummaryProjector } from './projections/stream-summary.projector';
import { adminStreamKinds } from './admin.stream-kinds';

/** The event history for administrators: streams, events, projectors, replays; admin operations (their events) and the audit log of support actions (support's events). */
// Global for AdminGate, which the server-fn transport and other modules' admin routes take.
@Global()
@Module({
  imports: [BullModule.registerQueue({ name: ADMIN_QUEUE })],
  providers: [
    // The declared role of every admin operation, and its audit entry: used by the transport and the admin routes.
    {
      provide: AdminGate,
      inject: [AdminAccess, CommandBus],
      useFactory: (access: AdminAccess, commands: CommandBus) => new AdminOperationGate(access, commands),
    },
    AdminQueries,
    AdminServerFns,
    CustomerSearchQueries,
    CustomerSearchServerFns,
    CustomerAccountQueries,
    CustomerTimelineQueries,
    CustomerAccountServerFns,
    EntitlementSourcesQueries,
    EntitlementSourcesServerFns,
    RequestReplayHandler,
    CompleteReplayHandler,
    FailReplayHandler,
    RecordAdminOperationHandler,
    SupportAuditServerFns,
    SupportAuditQueries,
  ],
  exports: [BullModule, AdminGate],
})
export class AdminModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...adminEvents, ...adminOperationEvents);
    this.streamKinds.add(...adminStreamKinds);
    this.projectors.register(new StreamSummaryProjector());
    this.projectors.register(new SupportAuditProjector());
    this.projectors.register(new AdminOperationsProjector());
  }
}
