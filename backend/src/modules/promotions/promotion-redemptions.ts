import type { CommandBus } from '@nestjs/cqrs';
import type { EventMetadata } from '../../events/event-metadata';
import type { ClosedUnpaid, PaidPurchase, PurchaseFollower } from '../checkout';
import { RedeemPromotion } from './commands/redeem-promotion.handler';
import { ReleasePromotion } from './commands/release-promotion.handler';

/**
 * A checkout's promotion follows its payment: redeemed when it is paid (even if the payment is
 * taken back later: the buyer used it), given back when the checkout closes unpaid. The promotion
 * is the one the Stripe session's metadata names, as the checkout opened it.
 */
export class PromotionRedemptions implements PurchaseFollower {
  constructor(private readonly commands: CommandBus) {}

  async purchased(purchase: PaidPurchase, metadata: EventMetadata): Promise<void> {
    for (const promotionId of promotionIdsIn(purchase.stripeMetadata))
      await this.commands.execute(new RedeemPromotion(promotionId, purchase.checkoutRef, purchase.userId, metadata));
  }

  /** A refund or dispute leaves the redemption counted: the buyer used the code. */
  takenBack(): Promise<void> {
    return Promise.resolve();
  }

  async closedUnpaid(checkout: ClosedUnpaid, metadata: EventMetadata): Promise<void> {
    for (const promotionId of promotionIdsIn(checkout.stripeMetadata))
      await this.commands.execute(new ReleasePromotion(promotionId, checkout.checkoutRef, metadata));
  }
}

/** The promotions a session's metadata names: the code's (or sale's), and a sale stacked with the code. */
const promotionIdsIn = (metadata: Record<string, string>) => [metadata.promotionId, metadata.stackedPromotionId].filter((id): id is string => Boolean(id));
