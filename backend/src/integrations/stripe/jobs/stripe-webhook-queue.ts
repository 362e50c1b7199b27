import type { Queue } from 'bullmq';
import { stripeJobName } from './stripe-job-names';

export const STRIPE_WEBHOOK_QUEUE = 'stripe-webhooks';

/**
 * A job per Stripe event, named for its type (stripe-job-names.ts); its id is the Stripe event id
 * (evt_…, no ':'), so BullMQ keeps one per event.
 */
export interface StripeWebhookJob {
  stripeEventId: string;
}

const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: 1_000 },
  removeOnComplete: { age: 14 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** Queues handling of a kept event; while a job with its id exists, BullMQ ignores the add. */
export function enqueueStripeEvent(queue: Queue<StripeWebhookJob>, event: { id: string; type: string }) {
  return queue.add(stripeJobName(event.type), { stripeEventId: event.id }, { jobId: event.id, ...JOB_OPTIONS });
}

/** Queues many kept events in one round trip; as with one, an id BullMQ still holds is ignored. */
export async function enqueueStripeEvents(queue: Queue<StripeWebhookJob>, events: { id: string; type: string }[]): Promise<void> {
  if (events.length === 0) return;
  await queue.addBulk(
    events.map((event) => ({ name: stripeJobName(event.type), data: { stripeEventId: event.id }, opts: { jobId: event.id, ...JOB_OPTIONS } })),
  );
}
