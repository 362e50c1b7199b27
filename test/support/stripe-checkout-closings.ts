import { QueueEvents } from 'bullmq';
import { closeStripeCheckoutJobId, CLOSE_STRIPE_CHECKOUT_QUEUE } from '../../backend/src/modules/checkout/jobs/close-stripe-checkout';
import type { CloseOutcome } from '../../backend/src/modules/checkout/jobs/close-stripe-checkout.processor';
import type { SiteServer } from './site-server';

/**
 * The site's checkout.close-stripe-checkout jobs as they complete, from BullMQ's event stream: a
 * test subscribes before it acts, then waits for one checkout's job to have run (a signal, not a
 * timer). Only completions after `watch` resolves are seen.
 */
export async function watchStripeCheckoutClosings(site: Pick<SiteServer, 'queuePrefix'>) {
  const events = new QueueEvents<{ outcome: CloseOutcome }>(CLOSE_STRIPE_CHECKOUT_QUEUE, {
    connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0' },
    prefix: site.queuePrefix,
  });
  await events.waitUntilReady();
  const done = new Map<string, CloseOutcome>();
  const waiting = new Map<string, (outcome: CloseOutcome) => void>();
  events.on('completed', ({ jobId, returnvalue }) => {
    done.set(jobId, returnvalue.outcome);
    waiting.get(jobId)?.(returnvalue.outcome);
  });
  return {
    /** What the job closing this checkout's Stripe checkout answered, once it has run. */
    closed(checkoutRef: string): Promise<CloseOutcome> {
      const jobId = closeStripeCheckoutJobId(checkoutRef);
      const outcome = done.get(jobId);
      return outcome ? Promise.resolve(outcome) : new Promise((resolve) => waiting.set(jobId, resolve));
    },
    stop: () => events.close(),
  };
}
