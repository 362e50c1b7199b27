import { Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { CheckoutModule, PurchaseFollowers } from '../checkout';
import { AddCreditPackHandler } from './commands/add-credit-pack.handler';
import { CreditAccountStreams } from './commands/credit-account-streams';
import { DebitCreditsHandler } from './commands/debit-credits.handler';
import { RemoveCreditPackHandler } from './commands/remove-credit-pack.handler';
import { CreditAccounts } from './credit-accounts';
import { CreditPackFollower } from './credit-pack-follower';
import { creditEvents } from './credits.events';
import { CreditReads } from './credits.queries';
import { CreditSummaryServerFns } from './credits.server-fns';
import { CreditsProjector } from './projections/credits.projector';
import { creditStreamKinds } from './credits.stream-kinds';

/** Credits: the ledger behind the plugin's credits endpoints (served by plugin-api), credit packs bought at checkout, the dashboard's summary. */
@Module({
  imports: [CheckoutModule],
  providers: [
    CreditSummaryServerFns,
    { provide: CreditAccounts, inject: [MikroORM], useFactory: (orm: MikroORM) => new CreditAccounts(orm) },
    { provide: CreditReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new CreditReads(orm) },
    CreditAccountStreams,
    AddCreditPackHandler,
    RemoveCreditPackHandler,
    DebitCreditsHandler,
  ],
  exports: [CreditReads, CreditAccounts],
})
export class CreditsModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly followers: PurchaseFollowers,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.events.register(...creditEvents);
    this.streamKinds.add(...creditStreamKinds);
    this.projectors.register(new CreditsProjector());
    this.followers.add(new CreditPackFollower(this.commands));
  }
}
