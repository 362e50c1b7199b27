import type { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { paymentsReadModels } from '../payments-read-models';
import { checkoutDecider } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import type { StripeClient } from '../../../integrations/stripe/stripe-client';

/**
 * A buyer who comes back through Stripe's "back" link has cancelled: their open checkouts of
 * that item are closed as cancelled (so the dashboard never offers to "complete" them) and their
 * Stripe sessions are expired, so an old tab cannot pay for a checkout we show as cancelled.
 */
export class CheckoutCancellation {
  constructor(
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
  ) {}

  async cancelOpen(userId: string, resourceId: string, metadata: EventMetadata): Promise<number> {
    const open = await paymentsReadModels(this.orm.em)
      .selectFrom('rm_pending_payments')
      .select(['id', 'checkout_session_id'])
      .where('user_id', '=', userId)
      .where('resource_id', '=', resourceId)
      .where('kind', '=', 'checkout')
      .where('status', '=', 'open')
      .execute();
    let cancelled = 0;
    for (const pending of open) {
      const session = pending.checkout_session_id ? await this.stripe.api.checkout.sessions.retrieve(pending.checkout_session_id) : null;
      // Paid in another tab a moment ago: its webhook settles it; nothing to cancel.
      if (session?.status === 'complete') continue;
      const checkoutRef = pending.id.replace(/^pp-/, '');
      // Recorded before Stripe is told, so the expiry webhook that follows finds it closed as cancelled.
      const outcome = await runCommand({
        store: this.store,
        streamId: checkoutStreamId(checkoutRef),
        decider: checkoutDecider,
        command: { type: 'CancelCheckout', checkoutRef, userId, at: new Date().toISOString() },
        metadata,
      });
      await awaitProjection(this.orm, 'PurchasesProjector', outcome);
      if (session?.status === 'open') await this.stripe.api.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire-${session.id}` });
      if (outcome.status === 'appended') cancelled += 1;
    }
    return cancelled;
  }
}
