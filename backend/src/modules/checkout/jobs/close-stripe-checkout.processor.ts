import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import { StripeClient } from '../../../integrations/stripe';
import { checkoutPendingPaymentId } from '../checkout.decider';
import { paymentsReadModels } from '../payments-read-models';
import { CLOSE_STRIPE_CHECKOUT_QUEUE, type CloseStripeCheckoutJob } from './close-stripe-checkout';

export type CloseOutcome = 'expired' | 'already-closed' | 'no-stripe-checkout';

/**
 * Expires a checkout's Stripe checkout if it is still open. Already expired or complete is done,
 * so the job is safe to run twice; a payment that completed meanwhile is fulfilled by its webhook.
 */
@Processor(CLOSE_STRIPE_CHECKOUT_QUEUE, { concurrency: 4 })
export class CloseStripeCheckoutProcessor extends WorkerHost {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly stripe: StripeClient,
  ) {
    super();
  }

  async process(job: Job<CloseStripeCheckoutJob>): Promise<{ outcome: CloseOutcome }> {
    return { outcome: await this.close(job.data.checkoutRef) };
  }

  async close(checkoutRef: string): Promise<CloseOutcome> {
    const pending = await paymentsReadModels(this.orm.em)
      .selectFrom('rm_pending_payments')
      .select('checkout_session_id')
      .where('id', '=', checkoutPendingPaymentId(checkoutRef))
      .executeTakeFirst();
    // The read model trails the log by moments; a checkout not in it yet is retried, not dropped.
    if (!pending) throw new Error(`Checkout ${checkoutRef} is not in rm_pending_payments yet`);
    if (!pending.checkout_session_id) return 'no-stripe-checkout';
    const stripeCheckout = await this.stripe.api.checkout.sessions.retrieve(pending.checkout_session_id);
    if (stripeCheckout.status !== 'open') return 'already-closed';
    try {
      await this.stripe.api.checkout.sessions.expire(stripeCheckout.id, {}, { idempotencyKey: `expire-${stripeCheckout.id}` });
      return 'expired';
    } catch (error) {
      // Paid or expired between the read and the expiry: closed either way.
      if ((await this.stripe.api.checkout.sessions.retrieve(stripeCheckout.id)).status !== 'open') return 'already-closed';
      throw error;
    }
  }
}
