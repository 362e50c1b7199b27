import type { EntityManager } from '@mikro-orm/postgresql';
import { ok } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorEvents } from './emulator-webhooks';
import { openInvoiceObject, paidInvoice } from './billing-objects';
import { nowSeconds, subscriptionObject } from './stripe-objects';

const DAY_S = 86_400;
/** Stripe sends customer.subscription.trial_will_end this long before a trial ends. */
export const TRIAL_WILL_END_S = 3 * DAY_S;

interface Item {
  current_period_start: number;
  current_period_end: number;
}
const itemsOf = (subscription: StripeObject) => subscription.items as { data: Item[] };

/**
 * A subscription bought with `subscription_data[trial_period_days]`: `trialing` until the trial
 * ends, its first invoice the $0 one Stripe makes for a trial (billing_reason subscription_create).
 * The caller emits customer.subscription.created and invoice.paid, as for a paid start.
 */
export async function startTrial(
  deps: { store: EmulatorStore; billing: EmulatorBilling },
  params: { customer: string; price: StripeObject; quantity: number; metadata: Record<string, string>; trialDays: number },
  em: EntityManager,
): Promise<{ subscription: StripeObject; invoice: StripeObject }> {
  const now = nowSeconds();
  const trialEnd = now + params.trialDays * DAY_S;
  const base = subscriptionObject(params) as StripeObject;
  const items = itemsOf(base);
  const subscription: StripeObject = {
    ...base,
    status: 'trialing',
    trial_start: now,
    trial_end: trialEnd,
    items: { ...items, data: items.data.map((item) => ({ ...item, current_period_start: now, current_period_end: trialEnd })) },
  };
  const { customer, number } = await deps.billing.numberInvoice(params.customer, em);
  const charged = openInvoiceObject({
    customer,
    subscription,
    price: params.price,
    quantity: params.quantity,
    period: { start: now, end: trialEnd },
    billingReason: 'subscription_create',
    number,
    hostedUrl: () => '',
  }) as StripeObject;
  const lines = charged.lines as { data: StripeObject[] };
  const free = { amount_due: 0, amount_remaining: 0, subtotal: 0, subtotal_excluding_tax: 0, total: 0, total_excluding_tax: 0, hosted_invoice_url: null };
  const invoice = await deps.store.put(
    paidInvoice({
      ...charged,
      ...free,
      lines: { ...lines, data: lines.data.map((line) => ({ ...line, amount: 0, subtotal: 0, description: `Trial period for ${String(line.description)}` })) },
    }) as StripeObject,
    em,
  );
  return { subscription: await deps.store.put({ ...subscription, latest_invoice: invoice.id }, em), invoice };
}

/** Three days before the trial ends: customer.subscription.trial_will_end, once. */
export async function trialWillEnd(deps: { store: EmulatorStore; events: EmulatorEvents }, subscriptionId: string, em: EntityManager): Promise<EmulatorAnswer> {
  await deps.store.lock(subscriptionId, em);
  const subscription = (await deps.store.get(subscriptionId, 'subscription', em))!;
  const told = await deps.store.put({ ...subscription, trial_will_end_sent_emulator: true }, em);
  return ok(told, [await deps.events.emit('customer.subscription.trial_will_end', told, em)]);
}

/**
 * The trial is over: the subscription is active and its first paid period starts, charged (or
 * declined) as a renewal is, with billing_reason subscription_cycle as on Stripe. A trial set to
 * cancel at its end ends there instead, with no invoice (a declining card changes nothing then).
 */
export async function endTrial(
  deps: { store: EmulatorStore; billing: EmulatorBilling },
  subscriptionId: string,
  declines: boolean,
  em: EntityManager,
): Promise<EmulatorAnswer> {
  await deps.store.lock(subscriptionId, em);
  const subscription = (await deps.store.get(subscriptionId, 'subscription', em))!;
  await deps.store.put({ ...subscription, status: 'active' }, em);
  return declines && !subscription.cancel_at_period_end ? deps.billing.failRenewal(subscriptionId, em) : deps.billing.renew(subscriptionId, em);
}

/**
 * `trial_end: 'now'` on a trialing subscription: the trial ends at once, so the first paid period
 * starts now and is charged now (the billing cycle anchor moves to now, as on Stripe). On a
 * subscription that is not trialing it changes nothing.
 */
export async function endTrialNow(
  deps: { store: EmulatorStore; billing: EmulatorBilling },
  subscriptionId: string,
  em: EntityManager,
): Promise<EmulatorAnswer> {
  await deps.store.lock(subscriptionId, em);
  const subscription = await deps.store.get(subscriptionId, 'subscription', em);
  if (!subscription || subscription.status !== 'trialing') return deps.billing.updateSubscription(subscriptionId, {}, em);
  const now = nowSeconds();
  const items = itemsOf(subscription);
  await deps.store.put(
    {
      ...subscription,
      trial_end: now,
      // Ended by hand: its warning is no longer due.
      trial_will_end_sent_emulator: true,
      items: { ...items, data: items.data.map((item) => ({ ...item, current_period_end: now })) },
    },
    em,
  );
  return endTrial(deps, subscriptionId, false, em);
}
