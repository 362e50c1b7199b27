import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { EmailModule } from '../email';
import { LicensesModule } from '../licenses';
import { RecordSupportCreditGrantHandler } from './commands/record-support-credit-grant.handler';
import { SettleSupportActionHandler } from './commands/settle-support-action.handler';
import { TakeSupportActionHandler } from './commands/take-support-action.handler';
import { SUPPORT_ACTIONS_QUEUE, SupportActionQueue } from './jobs/support-action-queue';
import { SupportActionEffects } from './support-action-effects';
import { SupportActionTargets } from './support-action-targets';
import { SupportServerFns } from './support.server-fns';

/**
 * Support actions taken from the account page in /admin: each recorded first (the admin module's
 * SupportActionRecorded), then done through the modules that own what it changes. Its own module,
 * apart from admin: auth imports admin (for AdminAccess), and admin reaching into checkout,
 * licenses and credits from there would close an import cycle through them.
 */
@Module({
  imports: [BullModule.registerQueue({ name: SUPPORT_ACTIONS_QUEUE }), EmailModule, LicensesModule],
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
export class SupportModule {}
