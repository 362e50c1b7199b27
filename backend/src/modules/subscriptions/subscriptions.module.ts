import { Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { PriceBook, StripeClient, StripeEventHandlers, StripeModule } from '../../integrations/stripe';
import { CatalogModule, CatalogQueries } from '../catalog';
import { LinkStripeCustomerHandler } from './commands/link-stripe-customer.handler';
import { RecordInvoiceHandler } from './commands/record-invoice.handler';
import { RecordInvoiceRefundHandler } from './commands/record-invoice-refund.handler';
import { SyncSubscriptionHandler } from './commands/sync-subscription.handler';
import { CheckTrialCardHandler } from './commands/check-trial-card.handler';
import { trialCardEvents } from './trials/trial-card.events';
import { StripeCustomerLinked } from './customers/customer.events';
import { PlanChangeServerFns } from './plans/plan-change.server-fns';
import { PlanChanges } from './plans/plan-changes';
import { SubscriptionInvoicesProjector } from './projections/subscription-invoices.projector';
import { SubscriptionsProjector } from './projections/subscriptions.projector';
import { registerSubscriptionHandlers } from './subscription-stripe-handlers';
import { subscriptionEvents } from './subscriptions.events';
import { subscriptionStreamKinds } from './subscriptions.stream-kinds';

/** Subscriptions and the Stripe customer they bill: their streams from Stripe's events, their read models, and changing from one plan to another. */
@Module({
  imports: [CatalogModule, StripeModule],
  providers: [
    PlanChangeServerFns,
    {
      provide: PlanChanges,
      inject: [CatalogQueries, PriceBook, StripeClient, MikroORM],
      useFactory: (catalog: CatalogQueries, prices: PriceBook, stripe: StripeClient, orm: MikroORM) => new PlanChanges(catalog, prices, stripe, orm),
    },
    SyncSubscriptionHandler,
    CheckTrialCardHandler,
    RecordInvoiceHandler,
    RecordInvoiceRefundHandler,
    LinkStripeCustomerHandler,
  ],
  exports: [PlanChanges],
})
export class SubscriptionsModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly handlers: StripeEventHandlers,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.events.register(...subscriptionEvents, StripeCustomerLinked, ...trialCardEvents);
    this.streamKinds.add(...subscriptionStreamKinds);
    this.projectors.register(new SubscriptionsProjector());
    this.projectors.register(new SubscriptionInvoicesProjector());
    registerSubscriptionHandlers(this.handlers, this.commands);
  }
}
