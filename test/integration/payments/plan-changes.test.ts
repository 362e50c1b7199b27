import Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe, expectShapedLike } from '../../support/emulator-client';

let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  site = await startAddressableSite('plan-changes');
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(() => site?.stop());

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });
const planChange = (cookie: string, resourceId: string, quantity = 1) => callFn(site.url, 'getPlanChange', { resourceId, quantity }, { cookie, method: 'GET' });

async function buy(cookie: string, resourceId: string): Promise<void> {
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  expect(started.result).toMatchObject({ outcome: 'redirect' });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
}

/** A paid subscription: a first Pro one starts with its free trial, ended at once (paid in full) so the plan is charged as these tests expect. */
async function subscribed(email: string, resourceId: string) {
  const cookie = await signUpOverHttp(site, email);
  await buy(cookie, resourceId);
  const started = await eventually(
    () => dashboard(cookie),
    (d) => ['active', 'trialing'].includes(d.result?.licenses[0]?.subscription?.status),
  );
  const { subscriptionId } = started.result.licenses[0].subscription;
  if ((await stripe.subscriptions.retrieve(subscriptionId)).status === 'trialing') await stripe.subscriptions.update(subscriptionId, { trial_end: 'now' });
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses[0]?.subscription?.status === 'active' && !d.result.licenses[0].subscription.trial,
  );
  return { cookie, license: data.result.licenses[0] };
}

describe('one plan per account', () => {
  it('Starter → Pro is an upgrade of the same subscription, charged the prorated difference shown before', async () => {
    const { cookie, license } = await subscribed('upgrader@example.com', 'starter-monthly');
    const view = await planChange(cookie, 'pro-monthly');
    expect(view.result).toMatchObject({ kind: 'switch', direction: 'upgrade', heldTitle: 'Starter', preview: { currency: 'usd', nextAmountCents: 1900 } });
    const { preview } = view.result;
    expect(preview.lines).toHaveLength(2);
    expect(preview.lines[0]).toMatchObject({ description: expect.stringMatching(/^Unused time on .+ after /), amountCents: expect.any(Number) });
    expect(preview.lines[0].amountCents).toBeLessThan(0);
    expect(preview.amountDueCents).toBe(preview.lines[0].amountCents + preview.lines[1].amountCents);
    // Just bought: nearly the whole month is left, so nearly the whole $10 difference is due.
    expect(preview.amountDueCents).toBeGreaterThan(950);
    expect(preview.amountDueCents).toBeLessThanOrEqual(1000);
    expect(view.result.message).toContain('from the Starter plan to the Pro plan');

    expect((await callFn(site.url, 'initiateCheckout', { resourceId: 'pro-monthly', quantity: 1 }, { cookie })).error?.code).toBe(
      'checkout.plan_change_is_a_switch',
    );
    const changed = await callFn(site.url, 'changePlan', { resourceId: 'pro-monthly', quantity: 1, prorationDate: preview.prorationDate }, { cookie });
    expect(changed.result).toEqual({ changed: true, resourceId: 'pro-monthly', quantity: 1 });

    const after = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.plan === 'pro',
    );
    expect(after.result.licenses).toHaveLength(1);
    expect(after.result.licenses[0]).toMatchObject({
      licenseId: license.licenseId,
      key: license.key,
      plan: 'pro',
      title: 'Pro',
      devicesPerSeat: 5,
      includedCreditsPerMonth: 400_000,
      subscription: { subscriptionId: license.subscription.subscriptionId },
    });
    const subscription = await stripe.subscriptions.retrieve(license.subscription.subscriptionId);
    expect(subscription.items.data[0]!.price.unit_amount).toBe(1900);
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: preview.amountDueCents });
    expect(invoice.lines.data.map((l) => l.amount)).toEqual(preview.lines.map((l: { amountCents: number }) => l.amountCents));
    expectShapedLike(invoice, 'invoice');
    expectShapedLike(invoice.lines.data[0], 'line_item');
    expect(invoice.lines.data.every((l) => l.parent?.subscription_item_details?.proration === true)).toBe(true);
    const credits = await eventually(
      () => callFn(site.url, 'getCreditSummary', {}, { cookie, method: 'GET' }),
      (c) => c.result?.includedPerMonth === 400_000,
    );
    expect(credits.result.includedFrom).toMatchObject({ title: 'Pro' });

    const again = await callFn(site.url, 'changePlan', { resourceId: 'pro-monthly', quantity: 1, prorationDate: preview.prorationDate }, { cookie });
    expect(again.error?.code).toBe('checkout.plan_already_active');
  });

  it('a switch is refused from another site, and works as a plain form before JavaScript loads (a 303 to the overview)', async () => {
    const { cookie } = await subscribed('form-switcher@example.com', 'starter-monthly');
    const { preview } = (await planChange(cookie, 'pro-monthly')).result;
    const post = (headers: Record<string, string>) =>
      fetch(`${site.url}/_serverFn/changePlan`, {
        method: 'POST',
        body: new URLSearchParams({ resourceId: 'pro-monthly', quantity: '1', prorationDate: String(preview.prorationDate) }),
        headers: { cookie, accept: 'text/html', ...headers },
        redirect: 'manual',
      });
    const crossSite = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE');
    expect((await dashboard(cookie)).result.licenses[0].plan).toBe('starter');

    const sameSite = await post({ origin: site.url, 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(303);
    expect(sameSite.headers.get('location')).toBe('/dashboard?section=overview');
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.plan === 'pro',
    );
    const again = await post({ origin: site.url });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/checkout?resourceId=pro-monthly&status=error&reason=checkout.plan_already_active');
  });

  it('the same plan again is refused before any payment, with a stable code', async () => {
    const { cookie } = await subscribed('twice@example.com', 'starter-monthly');
    expect((await planChange(cookie, 'starter-monthly')).result).toMatchObject({
      kind: 'refused',
      code: 'checkout.plan_already_active',
      message: expect.stringContaining('already active'),
    });
    const refused = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
    expect(refused).toMatchObject({ status: 409, error: { code: 'checkout.plan_already_active' } });
  });

  it('Lifetime → a monthly plan is refused: Lifetime already includes it; Lifetime again is refused too', async () => {
    const cookie = await signUpOverHttp(site, 'lifer@example.com');
    await buy(cookie, 'lifetime-license');
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.plan === 'lifetime',
    );
    for (const resourceId of ['starter-monthly', 'pro-monthly']) {
      expect((await planChange(cookie, resourceId)).result).toMatchObject({ kind: 'refused', code: 'checkout.lifetime_includes_plan' });
      expect((await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie })).error?.code).toBe('checkout.lifetime_includes_plan');
    }
    expect((await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie })).error?.code).toBe(
      'checkout.plan_already_active',
    );
  });

  it('Starter → Lifetime: the subscription is set to end at its period end only once the lifetime payment succeeds', async () => {
    const { cookie, license } = await subscribed('to-lifetime@example.com', 'starter-monthly');
    const view = await planChange(cookie, 'lifetime-license');
    expect(view.result).toMatchObject({
      kind: 'to-lifetime',
      heldTitle: 'Starter',
      endsAt: license.subscription.currentPeriodEnd,
      message: expect.stringContaining('is not renewed; no refund'),
    });

    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
    expect(started.result).toMatchObject({ outcome: 'redirect' });
    // Opening the checkout (not paid yet) changes nothing on the subscription.
    expect((await stripe.subscriptions.retrieve(license.subscription.subscriptionId)).cancel_at_period_end).toBe(false);

    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
    const after = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 2 && d.result.licenses.some((l: { subscription: { cancelAt: string | null } | null }) => l.subscription?.cancelAt),
    );
    const starter = after.result.licenses.find((l: { plan: string }) => l.plan === 'starter');
    expect(starter).toMatchObject({ status: 'active', subscription: { status: 'active', cancelAt: license.subscription.currentPeriodEnd } });
    const subscription = await stripe.subscriptions.retrieve(license.subscription.subscriptionId);
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const credits = await callFn(site.url, 'getCreditSummary', {}, { cookie, method: 'GET' });
    expect(credits.result.includedFrom).toMatchObject({ title: 'Lifetime license' });
  });

  it('Pro → Starter at once: nothing is charged, the unused Pro time is a credit that pays the next renewal', async () => {
    const { cookie, license } = await subscribed('downgrader@example.com', 'pro-monthly');
    const view = await planChange(cookie, 'starter-monthly');
    expect(view.result).toMatchObject({ kind: 'switch', direction: 'downgrade', preview: { amountDueCents: 0, nextAmountCents: 900 } });
    const { preview } = view.result;
    expect(preview.creditCents).toBe(-(preview.lines[0].amountCents + preview.lines[1].amountCents));
    expect(preview.creditCents).toBeGreaterThan(950);
    expect(view.result.message).toContain('kept as a credit');

    expect(
      (await callFn(site.url, 'changePlan', { resourceId: 'starter-monthly', quantity: 1, prorationDate: preview.prorationDate }, { cookie })).result,
    ).toMatchObject({ changed: true });
    const after = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.plan === 'starter',
    );
    expect(after.result.licenses[0]).toMatchObject({ includedCreditsPerMonth: 100_000, devicesPerSeat: 3 });
    const subscription = await stripe.subscriptions.retrieve(license.subscription.subscriptionId);
    const customer = (await stripe.customers.retrieve(String(subscription.customer))) as Stripe.Customer;
    expect(customer.balance).toBe(-preview.creditCents);

    expect(
      (await fetch(`${site.url}/_stripe/dev/subscriptions/${subscription.id}/renew`, { method: 'POST', headers: { accept: 'application/json' } })).status,
    ).toBeLessThan(400);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    const invoice = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: 900,
      starting_balance: -preview.creditCents,
      amount_due: Math.max(0, 900 - preview.creditCents),
      status: 'paid',
    });
  });

  it('more seats of the plan held is a seat change of the same subscription, prorated', async () => {
    const { cookie, license } = await subscribed('more-seats@example.com', 'pro-monthly');
    const view = await planChange(cookie, 'pro-monthly', 3);
    expect(view.result).toMatchObject({ kind: 'switch', direction: 'seats', heldQuantity: 1, message: expect.stringContaining('from 1 seat to 3 seats') });
    await callFn(site.url, 'changePlan', { resourceId: 'pro-monthly', quantity: 3, prorationDate: view.result.preview.prorationDate }, { cookie });
    const after = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.seats === 3,
    );
    expect(after.result.licenses).toHaveLength(1);
    expect(after.result.licenses[0]).toMatchObject({ licenseId: license.licenseId, plan: 'pro' });
  });

  it('a proration preview older than half an hour is not confirmed', async () => {
    const { cookie } = await subscribed('stale@example.com', 'starter-monthly');
    const stale = await callFn(
      site.url,
      'changePlan',
      { resourceId: 'pro-monthly', quantity: 1, prorationDate: Math.floor(Date.now() / 1000) - 3600 },
      { cookie },
    );
    expect(stale).toMatchObject({ status: 409, error: { code: 'checkout.plan_preview_stale' } });
  });

  it('a Starter plan set to end is still the plan held: Pro is a switch that keeps it running', async () => {
    const { cookie, license } = await subscribed('resumer@example.com', 'starter-monthly');
    await stripe.subscriptions.update(license.subscription.subscriptionId, { cancel_at_period_end: true });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.cancelAt !== null,
    );
    expect((await planChange(cookie, 'starter-monthly')).result).toMatchObject({
      kind: 'refused',
      code: 'checkout.plan_already_active',
      message: expect.stringContaining('set to end then'),
    });
    const view = await planChange(cookie, 'pro-monthly');
    expect(view.result).toMatchObject({ kind: 'switch', direction: 'upgrade', message: expect.stringContaining('the change keeps it running') });
    await callFn(site.url, 'changePlan', { resourceId: 'pro-monthly', quantity: 1, prorationDate: view.result.preview.prorationDate }, { cookie });
    const after = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.plan === 'pro' && d.result.licenses[0].subscription.cancelAt === null,
    );
    expect(after.result.licenses).toHaveLength(1);
    expect((await stripe.subscriptions.retrieve(license.subscription.subscriptionId)).cancel_at_period_end).toBe(false);
  });

  it('answers hostile input with a 4xx or a plain answer, never a 5xx', async () => {
    const cookie = await signUpOverHttp(site, 'hostile-plans@example.com');
    for (const resourceId of ['\u0000', '\ud800', 'x'.repeat(121), 'pro-monthly\u0000']) {
      const view = await planChange(cookie, resourceId);
      expect(view.status).toBeLessThan(500);
      const change = await callFn(site.url, 'changePlan', { resourceId, quantity: 1, prorationDate: 1 }, { cookie });
      expect([400, 404, 409]).toContain(change.status);
    }
    for (const token of ['', 'lic_x.y.z', 'a'.repeat(2000)]) {
      expect((await callFn(site.url, 'getSeatInvitation', { token }, { method: 'GET' })).result).toEqual({ state: 'invalid' });
    }
    // Text no field may hold is refused by the transport before the function runs.
    for (const token of ['\u0000', '\ud800']) expect((await callFn(site.url, 'getSeatInvitation', { token }, { method: 'GET' })).status).toBe(400);
    expect((await callFn(site.url, 'getSeatInvitation', { token: 'a'.repeat(2001) }, { method: 'GET' })).status).toBe(400);
    expect((await callFn(site.url, 'changePlan', { resourceId: 'pro-monthly', quantity: 1, prorationDate: 'soon' }, { cookie })).status).toBe(400);
    expect((await callFn(site.url, 'changePlan', { resourceId: 'pro-monthly', quantity: 1, prorationDate: 1 })).status).toBe(401);
  });
});
