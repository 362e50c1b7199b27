import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { deriveKey, SITE_SECRET, type SiteSecret } from '../../platform/common/secrets/site-secret';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { CatalogModule } from '../catalog/catalog.module';
import { CatalogQueries } from '../catalog/catalog.queries';
import { EmailModule } from '../email/email.module';
import { EmailTriggers } from '../email/email-triggers';
import { CheckoutCancellation } from './checkout/checkout-cancel';
import { CheckoutServerFns } from './checkout/checkout.server-fns';
import { CheckoutService } from './checkout/checkout.service';
import { DashboardQueries } from './dashboard/dashboard.queries';
import { DashboardServerFns } from './dashboard/dashboard.server-fns';
import { StripeCustomerLinked } from './customers/customer.events';
import { StripeCustomers } from './customers/stripe-customers';
import { Fulfilment } from './fulfilment/fulfilment';
import { registerFulfilmentHandlers } from './fulfilment/fulfilment-handlers';
import { paymentEmailTriggers } from './fulfilment/payment-emails';
import { LicenseChanges } from './licenses/license-changes';
import { licenseEvents } from './licenses/license.events';
import { Licenses } from './licenses/licenses';
import { SEAT_INVITATION_KEY, SeatInvitationServerFns } from './licenses/seat-invitation.server-fns';
import { LicensesProjector } from './projections/licenses.projector';
import { PurchaseFollowers } from './fulfilment/purchase-followers';
import { PurchasesProjector } from './projections/purchases.projector';
import { LifetimeEndsSubscriptions } from './plans/lifetime-ends-subscriptions';
import { PlanChangeServerFns } from './plans/plan-change.server-fns';
import { PlanChanges } from './plans/plan-changes';
import { SubscriptionsProjector } from './projections/subscriptions.projector';
import { AccountReads } from './purchases/account-reads';
import { purchaseEvents } from './purchases/purchase.events';
import { PriceBook } from './stripe/price-book';
import { StripeClient } from './stripe/stripe-client';
import { subscriptionEvents } from './subscriptions/subscription.events';
import { StripeEventHandlers } from './webhooks/stripe-event-handlers';
import { StripeWebhooksModule } from './webhooks/stripe-webhooks.module';

export const LICENSE_SEALING_SECRET = Symbol('LICENSE_SEALING_SECRET');

/** Purchases end to end: checkout, fulfilment from Stripe's events, licenses, subscriptions, read models. */
@Module({
  imports: [CatalogModule, EmailModule, StripeWebhooksModule],
  providers: [
    CheckoutServerFns,
    DashboardServerFns,
    PlanChangeServerFns,
    SeatInvitationServerFns,
    { provide: SEAT_INVITATION_KEY, inject: [SITE_SECRET], useFactory: (secret: SiteSecret) => deriveKey(secret, 'seat-invitation') },
    {
      provide: PlanChanges,
      inject: [CatalogQueries, PriceBook, StripeClient, MikroORM],
      useFactory: (catalog: CatalogQueries, prices: PriceBook, stripe: StripeClient, orm: MikroORM) => new PlanChanges(catalog, prices, stripe, orm),
    },
    {
      provide: DashboardQueries,
      inject: [MikroORM, CatalogQueries, LICENSE_SEALING_SECRET],
      useFactory: (orm: MikroORM, catalog: CatalogQueries, secret: string) => new DashboardQueries(orm, catalog, secret),
    },
    { provide: LICENSE_SEALING_SECRET, inject: [SITE_SECRET], useFactory: (secret: SiteSecret) => deriveKey(secret, 'license-key-seal').toString('hex') },
    {
      provide: StripeClient,
      inject: [APP_CONFIG, HttpAdapterHost],
      useFactory: (config: AppConfig, http: HttpAdapterHost) => new StripeClient(config, () => http.httpAdapter?.getHttpServer?.()),
    },
    { provide: PriceBook, inject: [StripeClient], useFactory: (stripe: StripeClient) => new PriceBook(stripe) },
    { provide: StripeCustomers, inject: [EventStore, StripeClient], useFactory: (store: EventStore, stripe: StripeClient) => new StripeCustomers(store, stripe) },
    { provide: AccountReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new AccountReads(orm) },
    { provide: CheckoutCancellation, inject: [MikroORM, EventStore, StripeClient], useFactory: (orm: MikroORM, store: EventStore, stripe: StripeClient) => new CheckoutCancellation(orm, store, stripe) },
    { provide: LicenseChanges, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LicenseChanges(config.DATABASE_URL) },
    { provide: Licenses, inject: [EventStore, LICENSE_SEALING_SECRET], useFactory: (store: EventStore, secret: string) => new Licenses(store, secret) },
    {
      provide: CheckoutService,
      inject: [CatalogQueries, PriceBook, StripeCustomers, StripeClient, EventStore, AccountReads, MikroORM, APP_CONFIG, PlanChanges],
      useFactory: (catalog: CatalogQueries, prices: PriceBook, customers: StripeCustomers, stripe: StripeClient, store: EventStore, reads: AccountReads, orm: MikroORM, config: AppConfig, plans: PlanChanges) =>
        new CheckoutService(catalog, prices, customers, stripe, store, reads, orm, config.PUBLIC_URL, plans),
    },
    {
      provide: Fulfilment,
      inject: [EventStore, StripeClient, PriceBook, CatalogQueries, Licenses, PurchaseFollowers],
      useFactory: (store: EventStore, stripe: StripeClient, prices: PriceBook, catalog: CatalogQueries, licenses: Licenses, followers: PurchaseFollowers) => new Fulfilment(store, stripe, prices, catalog, licenses, followers),
    },
    { provide: PurchaseFollowers, useValue: new PurchaseFollowers() },
  ],
  exports: [StripeClient, Licenses, LicenseChanges, AccountReads, StripeCustomers, LICENSE_SEALING_SECRET, PurchaseFollowers, CheckoutService],
})
export class PaymentsModule implements OnModuleInit, OnApplicationShutdown {
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
    private readonly stripe: StripeClient,
    private readonly orm: MikroORM,
    private readonly licenseChanges: LicenseChanges,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.licenseChanges.stop();
  }

  onModuleInit(): void {
    this.events.register(...purchaseEvents, ...licenseEvents, ...subscriptionEvents, StripeCustomerLinked);
    for (const projector of [new PurchasesProjector(), new LicensesProjector(), new SubscriptionsProjector()]) this.projectors.register(projector);
    registerFulfilmentHandlers(this.handlers, this.fulfilment);
    this.triggers.add(...paymentEmailTriggers(this.sealingSecret, this.config.PUBLIC_URL, this.invitationKey));
    this.followers.add(new LifetimeEndsSubscriptions(this.orm, this.stripe));
  }
}
