import { invalid, missing, ok } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import type { EmulatorAnswer, EmulatorStore } from './emulator-store';
import { setDefaultTestCard } from './test-cards';
import type { EmulatorTestClocks } from './test-clocks';

export interface ClockDeps {
  store: EmulatorStore;
  billing: EmulatorBilling;
  clocks: EmulatorTestClocks;
}

/**
 * The dev page's "Renew now" and "Fail renewal": time moves, periods do not jump. The customer's
 * test clock (made at the current time on first use) advances to the subscription's period end,
 * and the renewal happens as Stripe would make it happen then; to fail it, the customer's card
 * is first replaced by Stripe's test card that attaches but declines every charge.
 */
export async function passPeriod({ store, billing, clocks }: ClockDeps, subscriptionId: string, failing: boolean): Promise<EmulatorAnswer> {
  const subscription = await store.get(subscriptionId, 'subscription');
  if (!subscription) return missing('subscription', subscriptionId);
  // A trial's period ends with the trial: its warning and its first charge (or its end, when cancelled) happen on the way.
  if (subscription.status !== 'active' && subscription.status !== 'trialing')
    return invalid(`Only an active or trialing subscription renews; this one is ${String(subscription.status)}.`);
  const customer = String(subscription.customer);
  if (failing)
    await billing.transact(async (em) => {
      await setDefaultTestCard(store, customer, 'pm_card_chargeCustomerFail', em);
      // A card kept on the subscription (a past invoice paid on its page) would be charged first.
      await store.lock(subscriptionId, em);
      const fresh = await store.get(subscriptionId, 'subscription', em);
      if (fresh?.default_payment_method) await store.put({ ...fresh, default_payment_method: null }, em);
      return ok(null);
    });
  const periodEnd = (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end;
  const advanced = await clocks.advanceCustomer(customer, periodEnd);
  if (advanced.status !== 200) return advanced;
  return ok(await store.get(subscriptionId, 'subscription'));
}

/** "Retry payment": a past_due subscription's clock runs to the open invoice's next automatic attempt (charged with the card on file). */
export async function passToRetry({ store, clocks }: ClockDeps, subscriptionId: string): Promise<EmulatorAnswer> {
  const subscription = await store.get(subscriptionId, 'subscription');
  if (!subscription) return missing('subscription', subscriptionId);
  const invoice = subscription.latest_invoice ? await store.get(String(subscription.latest_invoice), 'invoice') : undefined;
  if (subscription.status !== 'past_due' || invoice?.status !== 'open' || typeof invoice.next_payment_attempt !== 'number')
    return invalid(`Only a past_due subscription with an open invoice is retried; this one is ${String(subscription.status)}.`);
  const advanced = await clocks.advanceCustomer(String(subscription.customer), invoice.next_payment_attempt);
  if (advanced.status !== 200) return advanced;
  return ok(await store.get(subscriptionId, 'subscription'));
}
