import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { PriceBook, StripeClient, StripeModule, StripeEventHandlers } from '../../integrations/stripe';
import { CatalogModule, CatalogQueries } from '../catalog';
import { EmailModule, EmailTriggers } from '../email';
import { Licenses, LICENSE_SEALING_SECRET, LicensesModule, SEAT_INVITATION_KEY } from '../licenses';
import { LifetimeEndsSubscriptions, PlanChanges, SubscriptionsModule } from '../subscriptions';
import { AccountReads } from './checkout.queries';
import { purchaseEvents } from './checkout.events';
import { CheckoutServerFns } from './checkout.server-fns';
import { CheckoutService } from './checkout.service';
import { CheckoutCancellation } from './commands/checkout-cancel';
import { StripeCustomerLinked } from './customers/customer.events';
import { StripeCustomers } from './customers/stripe-customers';
import { paymentEmailTriggers } from './emails/payment-emails';
import { Fulfilment } from './fulfilment/fulfilment';
import { registerFulfilmentHandlers } from './fulfilment/fulfilment-handlers';
import { PurchasesProjector } from './projections/purchases.projector';
import { PurchaseFollowers } from './purchase-followers';

/** Checkout end to end: opening one, Stripe customers, fulfilment from Stripe's events, purchases and their followers. */
@Module({
  imports: [CatalogModule, EmailModule, StripeModule, LicensesModule, SubscriptionsModule],
  providers: [
    CheckoutServerFns,
    {
      provide: StripeCustomers,
      inject: [EventStore, StripeClient],
      useFactory: (store: EventStore, stripe: StripeClient) => new StripeCustomers(store, stripe),
    },
    { provide: AccountReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new AccountReads(orm) },
    {
      provide: CheckoutCancellation,
      inject: [MikroORM, EventStore, StripeClient],
      useFactory: (orm: MikroORM, store: EventStore, stripe: StripeClient) => new CheckoutCancellation(orm, store, stripe),
    },
    {
      provide: CheckoutService,
      inject: [CatalogQueries, PriceBook, StripeCustomers, StripeClient, EventStore, AccountReads, MikroORM, APP_CONFIG, PlanChanges],
      useFactory: (
        catalog: CatalogQueries,
        prices: PriceBook,
        customers: StripeCustomers,
        stripe: StripeClient,
        store: EventStore,
        reads: AccountReads,
        orm: MikroORM,
        config: AppConfig,
        plans: PlanChanges,
      ) => new CheckoutService(catalog, prices, customers, stripe, store, reads, orm, config.PUBLIC_URL, plans),
    },
    {
      provide: Fulfilment,
      inject: [EventStore, StripeClient, PriceBook, CatalogQueries, Licenses, PurchaseFollowers],
      useFactory: (store: EventStore, stripe: StripeClient, prices: PriceBook, catalog: CatalogQueries, licenses: Licenses, followers: PurchaseFollowers) =>
        new Fulfilment(store, stripe, prices, catalog, licenses, followers),
    },
    { provide: PurchaseFollowers, useValue: new PurchaseFollowers() },
  ],
  exports: [AccountReads, StripeCustomers, PurchaseFollowers, CheckoutService],
})
export class CheckoutModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly handlers: StripeEventHandlers,
    private readonly fulfilment: Fulfilment,
    private readonly triggers: EmailTriggers,
    @Inject(LICENSE_SEALING_SECRET) private readonly sealingSecret: string,
    @Inject(SEAT_INVITATION_KEY) private readonly invitationKey: Buffer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly followers: PurchaseFollowers,
    private readonly lifetimeEndsSubscriptions: LifetimeEndsSubscriptions,
  ) {}

  onModuleInit(): void {
    this.events.register(...purchaseEvents, StripeCustomerLinked);
    this.projectors.register(new PurchasesProjector());
    registerFulfilmentHandlers(this.handlers, this.fulfilment);
    this.triggers.add(...paymentEmailTriggers(this.sealingSecret, this.config.PUBLIC_URL, this.invitationKey));
    this.followers.add(this.lifetimeEndsSubscriptions);
  }
}
