import { Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { PriceBook, StripeClient, StripeModule } from '../../integrations/stripe';
import { CatalogModule, CatalogQueries } from '../catalog';
import { LifetimeEndsSubscriptions } from './plans/lifetime-ends-subscriptions';
import { PlanChangeServerFns } from './plans/plan-change.server-fns';
import { PlanChanges } from './plans/plan-changes';
import { SubscriptionInvoicesProjector } from './projections/subscription-invoices.projector';
import { SubscriptionsProjector } from './projections/subscriptions.projector';
import { subscriptionEvents } from './subscriptions.events';
import { subscriptionStreamKinds } from './subscriptions.stream-kinds';

/** Subscriptions: their events and read model, and changing from one plan to another. */
@Module({
  imports: [CatalogModule, StripeModule],
  providers: [
    PlanChangeServerFns,
    {
      provide: PlanChanges,
      inject: [CatalogQueries, PriceBook, StripeClient, MikroORM],
      useFactory: (catalog: CatalogQueries, prices: PriceBook, stripe: StripeClient, orm: MikroORM) => new PlanChanges(catalog, prices, stripe, orm),
    },
    // A purchase follower; checkout adds it to its followers (checkout already depends on subscriptions).
    {
      provide: LifetimeEndsSubscriptions,
      inject: [MikroORM, StripeClient],
      useFactory: (orm: MikroORM, stripe: StripeClient) => new LifetimeEndsSubscriptions(orm, stripe),
    },
  ],
  exports: [PlanChanges, LifetimeEndsSubscriptions],
})
export class SubscriptionsModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...subscriptionEvents);
    this.streamKinds.add(...subscriptionStreamKinds);
    this.projectors.register(new SubscriptionsProjector());
    this.projectors.register(new SubscriptionInvoicesProjector());
  }
}
