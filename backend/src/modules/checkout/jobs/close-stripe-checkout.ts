import type { Queue } from 'bullmq';

export const CLOSE_STRIPE_CHECKOUT_QUEUE = 'checkout-stripe-closes';
export const CLOSE_STRIPE_CHECKOUT_JOB = 'checkout.close-stripe-checkout';

/** One checkout whose Stripe checkout must no longer take a payment. */
export interface CloseStripeCheckoutJob {
  checkoutRef: string;
}

/** One job per checkout: adding it again while it is kept changes nothing. BullMQ ids may not contain ':'. */
export const closeStripeCheckoutJobId = (checkoutRef: string) => `close-stripe-checkout-${checkoutRef.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/** Adds the job that closes a checkout's Stripe checkout; safe to repeat. */
export class StripeCheckoutClosings {
  constructor(private readonly queue: Queue<CloseStripeCheckoutJob>) {}

  async close(checkoutRef: string): Promise<void> {
    await this.queue.add(
      CLOSE_STRIPE_CHECKOUT_JOB,
      { checkoutRef },
      {
        jobId: closeStripeCheckoutJobId(checkoutRef),
        attempts: 8,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    );
  }
}
