import type { EventMetadata } from '../../../events/event-metadata';
import { stripeEventMetadata } from '../../../events/metadata-for';
import { type ReceivedStripeEvent, ourMetadata, type StripeRecords } from '../../../integrations/stripe';

/** A Stripe event that needs another to be handled first (a refund before its purchase): retried later. */
export class NotYetError extends Error {}

/** What handling this Stripe event records: its id names the chain and causes each step (see metadata-for.ts). */
export const metadataFor = (event: ReceivedStripeEvent): EventMetadata => stripeEventMetadata(event.id);

export { stripeObjectId as objectId } from '../../../integrations/stripe';

/** Our references on a payment, as Stripe has them (a refund or dispute names only the payment). */
export async function paymentIntentMetadata(records: StripeRecords, paymentIntentId: string | null) {
  if (!paymentIntentId) return null;
  const intent = await records.paymentIntent(paymentIntentId);
  const ours = ourMetadata(intent.metadata);
  return ours ? { ...ours, raw: { ...intent.metadata } } : null;
}
