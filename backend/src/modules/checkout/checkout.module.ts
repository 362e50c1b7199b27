import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { StripeModule, StripeEventHandlers } from '../../integrations/stripe';
import { CatalogModule } from '../catalog';
import { EmailKinds, EmailModule, EmailTriggers } from '../email';
import { LICENSE_SEALING_SECRET, LicensesModule, SEAT_INVITATION_KEY } from '../licenses';
import { LifetimeEndsSubscriptions, SubscriptionsModule } from '../subscriptions';
import { purchaseEvents } from './checkout.events';
import { CheckoutServerFns } from './checkout.server-fns';
import { AccountReads, CheckoutPageReads } from './checkout.queries';
import { CheckoutService } from './checkout.service';
import { AbandonCheckoutHandler } from './commands/abandon-checkout.handler';
import { CancelCheckoutHandler } from './commands/cancel-checkout.handler';
import { CloseUnpaidCheckoutHandler } from './commands/close-unpaid-checkout.handler';
import { CompleteCheckoutHandler } from './commands/complete-checkout.handler';
import { GrantFreeAccessHandler } from './commands/grant-free-access.handler';
import { RevokeFreeAccessHandler } from './commands/revoke-free-access.handler';
import { LinkStripeCustomerHandler } from './commands/link-stripe-customer.handler';
import { OpenCheckoutHandler } from './commands/open-checkout.handler';
import { OpenHeldCheckoutHandler } from './commands/open-held-checkout.handler';
import { RecordInvoiceHandler } from './commands/record-invoice.handler';
import { SyncSubscriptionHandler } from './commands/sync-subscription.handler';
import { TakeBackPurchaseHandler } from './commands/take-back-purchase.handler';
import { StripeCustomerLinked } from './customers/customer.events';
import { StripeCheckoutSessions } from './stripe-checkout-sessions';
import { checkoutEmailKinds } from './emails/checkout-email-kinds';
import { paymentEmailTriggers } from './emails/payment-emails';
import { registerFulfilmentHandlers } from './fulfilment/fulfilment-handlers';
import { PurchasesProjector } from './projections/purchases.projector';
import { PurchaseFollowers } from './purchase-followers';
import { checkoutStreamKinds } from './checkout.stream-kinds';

/** Checkout end to end: opening one, Stripe customers, fulfilment from Stripe's events, purchases and their followers. */
@Module({
  imports: [CatalogModule, EmailModule, StripeModule, LicensesModule, SubscriptionsModule],
  providers: [
    CheckoutServerFns,
    CheckoutPageReads,
    CheckoutService,
    StripeCheckoutSessions,
    OpenCheckoutHandler,
    OpenHeldCheckoutHandler,
    CancelCheckoutHandler,
    AbandonCheckoutHandler,
    GrantFreeAccessHandler,
    RevokeFreeAccessHandler,
    LinkStripeCustomerHandler,
    { provide: AccountReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new AccountReads(orm) },
    CompleteCheckoutHandler,
    CloseUnpaidCheckoutHandler,
    TakeBackPurchaseHandler,
    RecordInvoiceHandler,
    SyncSubscriptionHandler,
    { provide: PurchaseFollowers, useValue: new PurchaseFollowers() },
  ],
  exports: [AccountReads, PurchaseFollowers, CheckoutService],
})
export class CheckoutModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly handlers: StripeEventHandlers,
    private readonly commands: CommandBus,
    private readonly triggers: EmailTriggers,
    private readonly emailKinds: EmailKinds,
    @Inject(LICENSE_SEALING_SECRET) private readonly sealingSecret: string,
    @Inject(SEAT_INVITATION_KEY) private readonly invitationKey: Buffer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly followers: PurchaseFollowers,
    private readonly lifetimeEndsSubscriptions: LifetimeEndsSubscriptions,
  ) {}

  onModuleInit(): void {
    this.events.register(...purchaseEvents, StripeCustomerLinked);
    this.streamKinds.add(...checkoutStreamKinds);
    this.projectors.register(new PurchasesProjector());
    registerFulfilmentHandlers(this.handlers, this.commands);
    this.emailKinds.add(checkoutEmailKinds);
    this.triggers.add(...paymentEmailTriggers(this.sealingSecret, this.config.PUBLIC_URL, this.invitationKey));
    this.followers.add(this.lifetimeEndsSubscriptions);
  }
}
