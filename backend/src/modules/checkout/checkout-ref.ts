import { createHash } from 'node:crypto';
import { fold } from '../../events/decider';
import type { EventStore } from '../../events/event-store';
import { checkoutDecider } from './checkout.decider';
import { checkoutStreamId } from './checkout.events';

const MAX_ATTEMPTS = 20;

/**
 * The checkout a click belongs to: the same one for repeated clicks within a window (one Stripe
 * idempotency key, one session), and a fresh one once that checkout is closed (cancelled,
 * expired, paid), so buying again in the same window opens a new session instead of the closed one.
 */
export async function checkoutRefFor(
  store: EventStore,
  parts: { userId: string; resourceId: string; quantity: number; windowStart: number; trial?: boolean; promotionId?: string | null },
): Promise<string> {
  // A trial's checkout and the same plan's at the regular price are two checkouts (two Stripe
  // sessions); so are the same purchase with and without a promotion, or with another one.
  const base = `${parts.userId}|${parts.resourceId}|${parts.quantity}|${parts.windowStart}${parts.trial ? '|trial' : ''}${parts.promotionId ? `|promotion:${parts.promotionId}` : ''}`;
  let ref = '';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    ref = `chk_${createHash('sha256')
      .update(attempt === 0 ? base : `${base}|${attempt}`)
      .digest('hex')
      .slice(0, 24)}`;
    const events = await store.readStream(checkoutStreamId(ref), checkoutDecider.events);
    const state = fold(checkoutDecider, events);
    if (state.status === 'new' || state.status === 'open' || state.status === 'processing') return ref;
  }
  return ref;
}
