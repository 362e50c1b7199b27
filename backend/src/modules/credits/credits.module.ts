import { Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { CheckoutModule, PurchaseFollowers } from '../checkout';
import { PluginApiModule } from '../plugin-api';
import { CreditLedger } from './commands/credit-ledger';
import { CreditAccounts } from './credit-accounts';
import { CreditDebitController } from './credit-debit.controller';
import { CreditPackFollower } from './credit-pack-follower';
import { CreditsController } from './credits.controller';
import { creditEvents } from './credits.events';
import { CreditReads } from './credits.queries';
import { CreditSummaryServerFns } from './credits.server-fns';
import { CreditsProjector } from './projections/credits.projector';

/** Credits: the ledger behind the plugin's credits endpoints, credit packs bought at checkout, the dashboard's summary. */
@Module({
  imports: [PluginApiModule, CheckoutModule],
  controllers: [CreditsController, CreditDebitController],
  providers: [
    CreditSummaryServerFns,
    { provide: CreditAccounts, inject: [MikroORM], useFactory: (orm: MikroORM) => new CreditAccounts(orm) },
    { provide: CreditReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new CreditReads(orm) },
    { provide: CreditLedger, inject: [EventStore, MikroORM], useFactory: (store: EventStore, orm: MikroORM) => new CreditLedger(store, orm) },
  ],
  exports: [CreditReads, CreditAccounts],
})
export class CreditsModule implements OnModuleInit {
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
  }
}
