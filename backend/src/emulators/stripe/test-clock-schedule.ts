import type { EntityManager } from '@mikro-orm/postgresql';
import { canceledNow } from './billing-objects';
import { ok } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorEvents } from './emulator-webhooks';
import { nowSeconds } from './stripe-objects';
import { endTrial, TRIAL_WILL_END_S, trialWillEnd } from './emulator-trials';
import { declinesCharge } from './test-cards';

const DAY_S = 86_400;
/** Stripe's default retry schedule for a failed subscription payment: four attempts in all, then the subscription is canceled. */
const ATTEMPTS = 4;
const RETRY_AFTER_S = 3 * DAY_S;

export interface Due {
  at: number;
  run: (em: EntityManager) => Promise<EmulatorAnswer>;
}

const periodEndOf = (subscription: StripeObject) => (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end;

/**
 * What happens next to a clock's subscriptions, no later than `target`: an active subscription's
 * period end (a renewal, paid or declined by its card, or its end when set to cancel), a trial's
 * warning (three days before) and end (its first charge), or a past_due subscription's next
 * payment retry. The earliest first (a trial's warning before its end); ties by subscription id.
 */
export async function clockDue(
  store: EmulatorStore,
  billing: EmulatorBilling,
  events: EmulatorEvents,
  subscriptions: StripeObject[],
  target: number,
  em: EntityManager,
): Promise<Due | undefined> {
  const candidates: Due[] = [];
  for (const subscription of [...subscriptions].sort((a, b) => a.id.localeCompare(b.id))) {
    if (subscription.status === 'active') {
      const id = subscription.id;
      candidates.push({
        at: periodEndOf(subscription),
        run: async (tx) => {
          const fresh = (await store.get(id, 'subscription', tx))!;
          return !fresh.cancel_at_period_end && (await declinesCharge(store, fresh, tx)) ? billing.failRenewal(id, tx) : billing.renew(id, tx);
        },
      });
    }
    if (subscription.status === 'trialing' && typeof subscription.trial_end === 'number') {
      const id = subscription.id;
      if (!subscription.trial_will_end_sent_emulator)
        candidates.push({
          at: Math.max(Number(subscription.trial_start ?? 0), subscription.trial_end - TRIAL_WILL_END_S),
          run: (tx) => trialWillEnd({ store, events }, id, tx),
        });
      candidates.push({
        at: subscription.trial_end,
        run: async (tx) => endTrial({ store, billing }, id, await declinesCharge(store, (await store.get(id, 'subscription', tx))!, tx), tx),
      });
    }
    if (subscription.status === 'past_due' && typeof subscription.latest_invoice === 'string') {
      const invoice = await store.get(subscription.latest_invoice, 'invoice', em);
      if (invoice?.status === 'open' && typeof invoice.next_payment_attempt === 'number')
        candidates.push({ at: invoice.next_payment_attempt, run: (tx) => retryPayment({ store, billing, events }, subscription.id, invoice.id, tx) });
    }
  }
  return candidates.filter((due) => due.at <= target).sort((a, b) => a.at - b.at)[0];
}

/**
 * Stripe's automatic retry of a past_due subscription's open invoice: paid with a card that
 * works now; declined again, invoice.payment_failed with the next attempt, and after the last
 * attempt the subscription is canceled (Stripe's default when all retries fail).
 */
async function retryPayment(
  { store, billing, events: emitter }: { store: EmulatorStore; billing: EmulatorBilling; events: EmulatorEvents },
  subscriptionId: string,
  invoiceId: string,
  em: EntityManager,
): Promise<EmulatorAnswer> {
  await store.lock(subscriptionId, em);
  const subscription = (await store.get(subscriptionId, 'subscription', em))!;
  if (!(await declinesCharge(store, subscription, em))) return billing.payInvoice(invoiceId, em);
  await store.lock(invoiceId, em);
  const invoice = (await store.get(invoiceId, 'invoice', em))!;
  const attempts = (invoice.attempt_count as number) + 1;
  const last = attempts >= ATTEMPTS;
  const failed = await store.put(
    { ...invoice, attempted: true, attempt_count: attempts, next_payment_attempt: last ? null : nowSeconds() + RETRY_AFTER_S },
    em,
  );
  const events = [await emitter.emit('invoice.payment_failed', failed, em)];
  if (!last) return ok(failed, events);
  const canceled = await store.put(canceledNow(subscription, 'payment_failed'), em);
  events.push(await emitter.emit('customer.subscription.deleted', canceled, em));
  return ok(failed, events);
}
