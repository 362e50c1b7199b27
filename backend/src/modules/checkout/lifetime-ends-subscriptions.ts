import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventMetadata } from '../../events/event-metadata';
import type { StripeClient } from '../../integrations/stripe';
import { licenseTerms } from '../licenses';
import { paymentsReadModels } from './payments-read-models';
import type { PaidPurchase, PurchaseFollower } from './purchase-followers';

/**
 * Monthly → Lifetime: once the lifetime payment has succeeded (never before), each monthly
 * subscription of the buyer is set to end at its period end (Stripe's cancel_at_period_end): it
 * stays active for what was paid, is not renewed, and nothing is refunded. Stripe's
 * customer.subscription.updated then records the scheduled end through the subscription's decider.
 * Safe to repeat: the same update with the same idempotency key changes nothing.
 */
export class LifetimeEndsSubscriptions implements PurchaseFollower {
  constructor(
    private readonly orm: MikroORM,
    private readonly stripe: StripeClient,
  ) {}

  async purchased(purchase: PaidPurchase, _metadata: EventMetadata): Promise<void> {
    if (purchase.takenBack || purchase.resource.type !== 'license' || licenseTerms(purchase.resource, 1).kind !== 'lifetime') return;
    const rows = await paymentsReadModels(this.orm.em)
      .selectFrom('rm_subscriptions')
      .select('subscription_id')
      .where('user_id', '=', purchase.userId)
      .where('status', '<>', 'cancelled')
      .where('cancel_at', 'is', null)
      .execute();
    for (const { subscription_id: id } of rows) {
      await this.stripe.api.subscriptions.update(
        id,
        { cancel_at_period_end: true, metadata: { endedForLifetime: purchase.checkoutRef } },
        { idempotencyKey: `lifetime-ends-${id}-${purchase.checkoutRef}` },
      );
    }
  }

  async takenBack(): Promise<void> {}
}
