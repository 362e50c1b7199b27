import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { addMonths } from '../../../backend/src/modules/credits/billing-cycle';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';
import { readBalance, type BalanceReading } from '../../support/plugin-credits-decoder';

const TOKEN = 'annual-credits-token-for-tests-0123456789';
let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  site = await startAddressableSite('annual-plans', { CREDITS_API_TOKEN: TOKEN });
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(() => site?.stop());

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

async function subscribed(email: string, resourceId: string) {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  expect(started.result).toMatchObject({ outcome: 'redirect' });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  const opened = await eventually(
    () => dashboard(cookie),
    (d) => ['active', 'trialing'].includes(d.result?.licenses[0]?.subscription?.status),
  );
  // A first Pro subscription starts with its free trial: ended at once (paid in full), as these tests follow a paying subscriber.
  const { subscriptionId } = opened.result.licenses[0].subscription;
  if ((await stripe.subscriptions.retrieve(subscriptionId)).status === 'trialing') await stripe.subscriptions.update(subscriptionId, { trial_end: 'now' });
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses[0]?.subscription?.status === 'active' && !d.result.licenses[0].subscription.trial,
  );
  const license = data.result.licenses[0];
  return { cookie, key: license.key as string, subscriptionId: license.subscription.subscriptionId as string };
}

async function balance(key: string): Promise<BalanceReading> {
  const { reading } = await readBalance(site.url, key);
  if ('unusable' in reading) throw new Error(`the plugin cannot read the balance: ${reading.unusable}`);
  return reading;
}

async function debit(key: string, credits: number) {
  const res = await fetch(`${site.url}/api/internal/credits/debit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ request_id: randomUUID(), license_key: key, endpoint: '/api/v1/chat', usage_kind: 'request', credits }),
  });
  return { status: res.status, body: await res.json() };
}

describe('annual plans (two months free), billed yearly by Stripe', () => {
  it('the catalog prices them at ten months, recurring yearly, with the monthly plans’ entitlements', async () => {
    const [annual, monthly] = await Promise.all(
      ['pro-annual', 'starter-annual'].map((id) => stripe.prices.list({ lookup_keys: [`sculpt_${id}`], active: true }).then((l) => l.data[0]!)),
    );
    expect(annual).toMatchObject({ unit_amount: 19_000, type: 'recurring', recurring: { interval: 'year', interval_count: 1 } });
    expect(monthly).toMatchObject({ unit_amount: 9000, type: 'recurring', recurring: { interval: 'year', interval_count: 1 } });
  });

  it('an annual Pro plan renewed on a test clock through 13 months: its included credits reset 12 times, each on the anchor day', async () => {
    const { cookie, key, subscriptionId } = await subscribed('annual-pro@example.com', 'pro-annual');
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    const anchor = new Date(item.current_period_start * 1000);
    // A calendar year, as Stripe bills a yearly price.
    expect(iso(item.current_period_end)).toBe(addMonths(anchor, 12).toISOString());
    const license = (await dashboard(cookie)).result.licenses[0];
    expect(license).toMatchObject({ plan: 'pro', includedCreditsPerMonth: 400_000, devicesPerSeat: 5 });

    const first = await balance(key);
    expect(first).toMatchObject({
      billingCycle: 'annual',
      annualUpgradeOffer: null,
      includedPerMonth: 400_000,
      includedRemaining: 400_000,
      cycleAnchorAt: anchor.toISOString(),
      cycleStartedAt: anchor.toISOString(),
      cycleEndsAt: addMonths(anchor, 1).toISOString(),
    });
    expect((await debit(key, 1000)).body).toMatchObject({ status: 'debited', included_remaining: 399_000 });

    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: item.current_period_start, customer: String(subscription.customer) } as never);
    const resets: string[] = [];
    for (let month = 1; month <= 12; month += 1) {
      const at = addMonths(anchor, month);
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.floor(at.getTime() / 1000) });
      await eventually(
        () => stripe.testHelpers.testClocks.retrieve(clock.id),
        (c) => c.status === 'ready',
      );
      if (month === 12) {
        // The renewal of the year, paid on its anchor day, is recorded before the new year's cycles count from it.
        await eventually(
          () => dashboard(cookie),
          (d) => d.result?.licenses[0]?.subscription?.renewals === 1,
        );
      }
      const reading = await eventually(
        () => balance(key),
        (b) => b.cycleStartedAt === at.toISOString(),
      );
      // Each month starts with the whole allowance again, whatever the month before used.
      expect(reading).toMatchObject({ billingCycle: 'annual', includedRemaining: 400_000, cycleEndsAt: addMonths(anchor, month + 1).toISOString() });
      expect(reading.cycleAnchorAt).toBe((month < 12 ? anchor : addMonths(anchor, 12)).toISOString());
      resets.push(reading.cycleStartedAt);
      expect((await debit(key, 1000)).body).toMatchObject({ status: 'debited', included_remaining: 399_000 });
    }
    expect(new Set(resets).size).toBe(12);
    // To the end of the 13th month: no reset before the next anchor day.
    const lastSecond = Math.floor(addMonths(anchor, 13).getTime() / 1000) - 1;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: lastSecond });
    await eventually(
      () => stripe.testHelpers.testClocks.retrieve(clock.id),
      (c) => c.status === 'ready',
    );
    expect(await balance(key)).toMatchObject({ cycleStartedAt: resets[11], includedRemaining: 399_000, cycleEndsAt: addMonths(anchor, 13).toISOString() });

    // Stripe billed it once a year: the checkout, then one renewal at the anchor, a year on.
    const invoices = await stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data.map((i) => [i.billing_reason, i.amount_paid]).sort()).toEqual([
      ['subscription_create', 19_000],
      ['subscription_cycle', 19_000],
    ]);
    const renewed = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    expect([iso(renewed.current_period_start), iso(renewed.current_period_end)]).toEqual([
      addMonths(anchor, 12).toISOString(),
      addMonths(anchor, 24).toISOString(),
    ]);
  });

  it('a monthly subscriber is offered annual billing with the real figures; the switch is prorated as previewed and the offer ends', async () => {
    const { cookie, key, subscriptionId } = await subscribed('monthly-to-annual@example.com', 'pro-monthly');
    const monthly = await balance(key);
    expect(monthly).toMatchObject({
      billingCycle: 'monthly',
      annualUpgradeOffer: {
        amountSavedCents: 12 * 1900 - 19_000,
        percentSaved: 17,
        annualPriceCents: 19_000,
        monthlyEquivalentAnnualCents: 1583,
        checkoutPath: '/checkout?resourceId=pro-annual&quantity=1',
      },
    });
    // The offer's path is the checkout of the annual plan, which is a switch of this subscription, not a second one.
    const search = new URLSearchParams(monthly.annualUpgradeOffer!.checkoutPath.split('?')[1]);
    const resourceId = search.get('resourceId')!;
    expect((await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie })).error?.code).toBe('checkout.plan_change_is_a_switch');
    const view = await callFn(site.url, 'getPlanChange', { resourceId, quantity: 1 }, { cookie, method: 'GET' });
    expect(view.result).toMatchObject({ kind: 'switch', direction: 'upgrade', heldTitle: 'Pro', preview: { currency: 'usd', nextAmountCents: 19_000 } });
    const { preview } = view.result;
    expect(preview.lines).toHaveLength(2);
    expect(preview.lines[0].description).toMatch(/^Unused time on Pro after /);
    expect(preview.lines[0].amountCents).toBeLessThan(0);
    expect(preview.lines[0].amountCents).toBeGreaterThanOrEqual(-1900);
    expect(preview.lines[1]).toEqual({ description: '1 × Pro annual (at $190.00 / year)', amountCents: 19_000 });
    expect(preview.amountDueCents).toBe(19_000 + preview.lines[0].amountCents);
    // A new yearly period starts with the switch.
    expect(preview.renewsAt).toBe(addMonths(new Date(preview.prorationDate * 1000), 12).toISOString());
    expect(view.result.message).toContain('from the Pro plan to the Pro annual plan');
    expect(view.result.message).toContain('a year from');

    const changed = await callFn(site.url, 'changePlan', { resourceId, quantity: 1, prorationDate: preview.prorationDate }, { cookie });
    expect(changed.result).toEqual({ changed: true, resourceId: 'pro-annual', quantity: 1 });
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 19_000, recurring: { interval: 'year' } });
    expect([item.current_period_start, iso(item.current_period_end)]).toEqual([preview.prorationDate, preview.renewsAt]);
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: preview.amountDueCents });
    expect(invoice.lines.data.map((l) => l.amount)).toEqual(preview.lines.map((l: { amountCents: number }) => l.amountCents));

    // The license's plan and its paid-through date come from two Stripe events (the subscription's
    // update, the invoice's payment) and are read through 2 s caches: for a moment the balance may say
    // annual with the monthly period's end, then it settles on the new period.
    const annual = await eventually(
      () => balance(key),
      (b) => b.billingCycle === 'annual' && b.cycleAnchorAt === iso(preview.prorationDate),
    );
    expect(annual).toMatchObject({
      annualUpgradeOffer: null,
      includedPerMonth: 400_000,
      cycleAnchorAt: iso(preview.prorationDate),
      cycleStartedAt: iso(preview.prorationDate),
      cycleEndsAt: addMonths(new Date(preview.prorationDate * 1000), 1).toISOString(),
    });
    const data = await dashboard(cookie);
    expect(data.result.licenses).toHaveLength(1);
    expect(data.result.licenses[0]).toMatchObject({ key, plan: 'pro' });
  });

  it('the plugin reads a monthly Starter plan’s offer, and none for Lifetime', async () => {
    const starter = await subscribed('starter-offer@example.com', 'starter-monthly');
    expect(await balance(starter.key)).toMatchObject({
      billingCycle: 'monthly',
      annualUpgradeOffer: {
        amountSavedCents: 1800,
        percentSaved: 17,
        annualPriceCents: 9000,
        monthlyEquivalentAnnualCents: 750,
        checkoutPath: '/checkout?resourceId=starter-annual&quantity=1',
      },
    });
    const cookie = await signUpOverHttp(site, 'lifetime-offer@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1,
    );
    expect(await balance(data.result.licenses[0].key)).toMatchObject({ billingCycle: 'monthly', annualUpgradeOffer: null, includedPerMonth: 150_000 });
  });
});
