import { invalid, missing, ok } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import type { EmulatorAnswer, EmulatorStore } from './emulator-store';
import { setDefaultTestCard } from './test-cards';
import type { EmulatorTestClocks } from './test-clocks';

/**
 * The dev page's "Renew now" and "Fail renewal": time moves, periods do not jump. The customer's
 * test clock (made at the current time on first use) advances to the subscription's period end,
 * and the renewal happens as Stripe would make it happen then; to fail it, the customer's card
 * is first replaced by Stripe's test card that attaches but declines every charge.
 */
export async function passPeriod(
  store: EmulatorStore,
  billing: EmulatorBilling,
  clocks: EmulatorTestClocks,
  subscriptionId: string,
  failing: boolean,
): Promise<EmulatorAnswer> {
  const subscription = await store.get(subscriptionId, 'subscription');
  if (!subscription) return missing('subscription', subscriptionId);
  if (subscription.status !== 'active') return invalid(`Only an active subscription renews; this one is ${String(subscription.status)}.`);
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
