import { BullModule } from '@nestjs/bullmq';
import { Module, type OnModuleInit } from '@nestjs/common';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { CatalogModule } from '../catalog';
import { EmailModule } from '../email';
import { LicensesModule } from '../licenses';
import { RecordSupportCreditGrantHandler } from './commands/record-support-credit-grant.handler';
import { SettleSupportActionHandler } from './commands/settle-support-action.handler';
import { TakeSupportActionHandler } from './commands/take-support-action.handler';
import { SUPPORT_ACTIONS_QUEUE, SupportActionQueue } from './jobs/support-action-queue';
import { SupportActionEffects } from './support-action-effects';
import { SupportActionTargets } from './support-action-targets';
import { SupportServerFns } from './support.server-fns';
import { supportActionEvents } from './support-actions.events';
import { supportCreditGrantEvents } from './support-credit-grants.events';
import { supportStreamKinds } from './support.stream-kinds';
import { CustomerDirectoryProjector } from './projections/customer-directory.projector';

/**
 * Support actions taken from the account page in /admin: each recorded first on its own stream
 * (SupportActionRecorded, decided by supportActionDecider), then done through the modules that own
 * what it changes. Admin reads these events for its audit log; support imports nothing of admin.
 * It keeps the customer directory (each account's known address and name) the console finds accounts by.
 */
@Module({
  imports: [BullModule.registerQueue({ name: SUPPORT_ACTIONS_QUEUE }), CatalogModule, EmailModule, LicensesModule],
  providers: [
    SupportServerFns,
    SupportActionTargets,
    SupportActionEffects,
    SupportActionQueue,
    TakeSupportActionHandler,
    SettleSupportActionHandler,
    RecordSupportCreditGrantHandler,
  ],
  exports: [BullModule, SupportActionTargets],
})
export class SupportModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly streamKinds: StreamKinds,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...supportActionEvents, ...supportCreditGrantEvents);
    this.streamKinds.add(...supportStreamKinds);
    this.projectors.register(new CustomerDirectoryProjector());
  }
}
