import { Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { PurchaseFollowers } from '../checkout/purchase-followers';
import { LicenseChanges } from '../licenses/license-changes';
import { CheckoutModule } from '../checkout/checkout.module';
import { LicensesModule } from '../licenses/licenses.module';
import { CreditAccounts } from './credits/credit-accounts';
import { CreditDebitController } from './credits/credit-debit.controller';
import { CreditLedger } from './credits/credit-ledger';
import { CreditPackFollower } from './credits/credit-pack-follower';
import { CreditReads } from './credits/credit-reads';
import { CreditSummaryServerFns } from './credits/credit-summary.server-fns';
import { creditEvents } from './credits/credit.events';
import { CreditsController } from './credits/credits.controller';
import { CreditsProjector } from './credits/credits.projector';
import { DeviceActivations } from './devices/device-activations';
import { deviceEvents } from './devices/device.events';
import { LicenseDevicesProjector } from './devices/license-devices.projector';
import { LicenseDevicesServerFns } from './devices/license-devices.server-fns';
import { KeyGate } from './key-gate';
import { LicenseLookup } from './license-lookup';
import { LicenseValidateController } from './license-validate.controller';
import { ValidationLog } from './validation-log';

/** The API the Obsidian plugin calls: license admission (admission-v1) and credits; and the ledger behind credits. */
@Module({
  imports: [CheckoutModule, LicensesModule],
  controllers: [LicenseValidateController, CreditsController, CreditDebitController],
  providers: [
    LicenseDevicesServerFns,
    CreditSummaryServerFns,
    KeyGate,
    { provide: CreditAccounts, inject: [MikroORM], useFactory: (orm: MikroORM) => new CreditAccounts(orm) },
    { provide: CreditReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new CreditReads(orm) },
    { provide: CreditLedger, inject: [EventStore, MikroORM], useFactory: (store: EventStore, orm: MikroORM) => new CreditLedger(store, orm) },
    { provide: LicenseLookup, inject: [MikroORM, LicenseChanges], useFactory: (orm: MikroORM, changes: LicenseChanges) => new LicenseLookup(orm, changes) },
    { provide: DeviceActivations, inject: [EventStore], useFactory: (store: EventStore) => new DeviceActivations(store) },
    { provide: ValidationLog, inject: [MikroORM], useFactory: (orm: MikroORM) => new ValidationLog(orm) },
  ],
  exports: [LicenseLookup, ValidationLog, CreditReads, CreditAccounts],
})
export class PluginApiModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly followers: PurchaseFollowers,
    private readonly ledger: CreditLedger,
  ) {}

  onModuleInit(): void {
    this.events.register(...creditEvents);
    this.projectors.register(new CreditsProjector());
    this.followers.add(new CreditPackFollower(this.ledger));
    this.events.register(...deviceEvents);
    this.projectors.register(new LicenseDevicesProjector());
  }
}
