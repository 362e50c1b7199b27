import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { DevicesModule } from '../devices';
import { CreditsModule } from '../credits';
import { StripeClient, StripeModule } from '../../integrations/stripe';
import { LicenseChanges, LicensesModule, ValidationLog } from '../licenses';
import { AnnualUpgradeOffers } from './annual-upgrade-offer';
import { KeyGate } from './key-gate';
import { LicenseClock } from './license-clock';
import { LicenseLookup } from './license-lookup';
import { CreditDebitController } from './credit-debit.controller';
import { CreditsController } from './credits.controller';
import { LicenseValidateController } from './license-validate.controller';

/**
 * The API the Obsidian plugin calls, composing licenses, devices and credits: license admission
 * (admission-v1), the credits endpoints behind the same key gate, and the AI service's debits.
 */
@Module({
  imports: [LicensesModule, DevicesModule, CreditsModule, StripeModule],
  controllers: [LicenseValidateController, CreditsController, CreditDebitController],
  providers: [
    KeyGate,
    { provide: LicenseLookup, inject: [MikroORM, LicenseChanges], useFactory: (orm: MikroORM, changes: LicenseChanges) => new LicenseLookup(orm, changes) },
    { provide: AnnualUpgradeOffers, inject: [MikroORM], useFactory: (orm: MikroORM) => new AnnualUpgradeOffers(orm) },
    { provide: LicenseClock, inject: [MikroORM, StripeClient], useFactory: (orm: MikroORM, stripe: StripeClient) => new LicenseClock(orm, stripe) },
    { provide: ValidationLog, inject: [MikroORM], useFactory: (orm: MikroORM) => new ValidationLog(orm) },
  ],
  exports: [KeyGate, LicenseLookup, ValidationLog, AnnualUpgradeOffers],
})
export class PluginApiModule {}
