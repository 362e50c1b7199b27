import { Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore } from '../../events/event-store';
import { StripeClient, StripeModule } from '../../integrations/stripe';
import { CheckoutDiscounts, CheckoutModule, PurchaseFollowers } from '../checkout';
import { HoldPromotionHandler } from './commands/hold-promotion.handler';
import { RedeemPromotionHandler } from './commands/redeem-promotion.handler';
import { ReleasePromotionHandler } from './commands/release-promotion.handler';
import { PromotionDiscounts } from './promotion-discounts';
import { PromotionRedemptions } from './promotion-redemptions';
import { CreatePromotionHandler } from './commands/create-promotion.handler';
import { EndPromotionHandler } from './commands/end-promotion.handler';
import { StripePromotionsReactor } from './jobs/stripe-promotions.reactor';
import { PromotionsProjector } from './projections/promotions.projector';
import { promotionEvents } from './promotions.events';
import { PromotionsQueries } from './promotions.queries';
import { PromotionsServerFns } from './promotions.server-fns';
import { promotionsStreamKinds } from './promotions.stream-kinds';

/** Promotions: codes and automatic sales the owner creates and ends, held and redeemed by checkouts, mirrored at Stripe. */
@Module({
  imports: [StripeModule, CheckoutModule],
  providers: [
    { provide: PromotionsQueries, inject: [MikroORM], useFactory: (orm: MikroORM) => new PromotionsQueries(orm) },
    PromotionsServerFns,
    CreatePromotionHandler,
    EndPromotionHandler,
    HoldPromotionHandler,
    RedeemPromotionHandler,
    ReleasePromotionHandler,
  ],
  exports: [PromotionsQueries],
})
export class PromotionsModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly streamKinds: StreamKinds,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly stripe: StripeClient,
    private readonly store: EventStore,
    private readonly queries: PromotionsQueries,
    private readonly commands: CommandBus,
    private readonly discounts: CheckoutDiscounts,
    private readonly followers: PurchaseFollowers,
  ) {}

  onModuleInit(): void {
    this.events.register(...promotionEvents);
    this.streamKinds.add(...promotionsStreamKinds);
    this.projectors.register(new PromotionsProjector());
    this.reactors.register(new StripePromotionsReactor(this.stripe));
    this.discounts.provide(new PromotionDiscounts(this.store, this.queries, this.commands, this.stripe));
    this.followers.add(new PromotionRedemptions(this.commands));
  }
}
