import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { StripeClient, StripeModule, StripeEventHandlers } from '../../integrations/stripe';
import { CatalogModule } from '../catalog';
import { EmailKinds, EmailModule, EmailTriggers } from '../email';
import { LICENSE_SEALING_SECRET, LicensesModule, SEAT_INVITATION_KEY } from '../licenses';
import { SubscriptionsModule } from '../subscriptions';
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
import { OpenCheckoutHandler } from './commands/open-checkout.handler';
import { OpenHeldCheckoutHandler } from './commands/open-held-checkout.handler';
import { TakeBackPurchaseHandler } from './commands/take-back-purchase.handler';
import { CLOSE_STRIPE_CHECKOUT_QUEUE, type CloseStripeCheckoutJob, StripeCheckoutClosings } from './jobs/close-stripe-checkout';
import { CloseStripeCheckoutReactor } from './jobs/close-stripe-checkout.reactor';
import { StripeCheckouts } from './stripe-checkouts';
import { checkoutEmailKinds } from './emails/checkout-email-kinds';
import { paymentEmailTriggers } from './emails/payment-emails';
import { registerFulfilmentHandlers } from './fulfilment/fulfilment-handlers';
import { PurchasesProjector } from './projections/purchases.projector';
import { LifetimeEndsSubscriptions } from './lifetime-ends-subscriptions';
import { PurchaseFollowers } from './purchase-followers';
import { CheckoutDiscounts } from './checkout-discounts';
import { checkoutStreamKinds } from './checkout.stream-kinds';

/** Checkout end to end: opening one, fulfilment from Stripe's events, purchases, pending payments and their followers. */
@Module({
  imports: [CatalogModule, EmailModule, StripeModule, LicensesModule, SubscriptionsModule, BullModule.registerQueue({ name: CLOSE_STRIPE_CHECKOUT_QUEUE })],
  providers: [
    CheckoutServerFns,
    CheckoutPageReads,
    CheckoutService,
    StripeCheckouts,
    {
      provide: StripeCheckoutClosings,
      inject: [getQueueToken(CLOSE_STRIPE_CHECKOUT_QUEUE)],
      useFactory: (queue: Queue<CloseStripeCheckoutJob>) => new StripeCheckoutClosings(queue),
    },
    OpenCheckoutHandler,
    OpenHeldCheckoutHandler,
    CancelCheckoutHandler,
    AbandonCheckoutHandler,
    GrantFreeAccessHandler,
    RevokeFreeAccessHandler,
    { provide: AccountReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new AccountReads(orm) },
    CompleteCheckoutHandler,
    CloseUnpaidCheckoutHandler,
    TakeBackPurchaseHandler,
    { provide: PurchaseFollowers, useValue: new PurchaseFollowers() },
    { provide: CheckoutDiscounts, useValue: new CheckoutDiscounts() },
    {
      provide: LifetimeEndsSubscriptions,
      inject: [MikroORM, StripeClient],
      useFactory: (orm: MikroORM, stripe: StripeClient) => new LifetimeEndsSubscriptions(orm, stripe),
    },
  ],
  exports: [AccountReads, PurchaseFollowers, CheckoutDiscounts, CheckoutService],
})
export class CheckoutModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly closings: StripeCheckoutClosings,
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
    this.events.register(...purchaseEvents);
    this.streamKinds.add(...checkoutStreamKinds);
    this.projectors.register(new PurchasesProjector());
    this.reactors.register(new CloseStripeCheckoutReactor(this.closings));
    registerFulfilmentHandlers(this.handlers, this.commands);
    this.emailKinds.add(checkoutEmailKinds);
    this.triggers.add(...paymentEmailTriggers(this.sealingSecret, this.config.PUBLIC_URL, this.invitationKey));
    this.followers.add(this.lifetimeEndsSubscriptions);
  }
}
