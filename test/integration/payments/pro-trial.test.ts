import type Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { callFn, eventually, signUpOverHttp, startAddressableSite, usBillingAddress } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { readBalance } from '../../support/plugin-credits-decoder';
import { waitForOutboxMessage } from '../../support/outbox';

let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  site = await startAddressableSite('pro-trial');
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(() => site?.stop());

const DAY = 86_400;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });
const checkoutPage = (cookie: string) => callFn(site.url, 'getCheckoutData', { resourceId: 'pro-monthly' }, { cookie, method: 'GET' });

/** Pays on the emulator's hosted page with the test card named (a trial keeps it for its first charge). */
async function payWithCard(checkoutUrl: string, card = 'pm_card_visa'): Promise<number> {
  const url = new URL(checkoutUrl);
  const response = await fetch(`${url.origin}${url.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: '', card, ...usBillingAddress }).toString(),
    redirect: 'manual',
  });
  return response.status;
}

/** Runs the subscription's test clock to the end of its current period (the dev page's "Renew now"): for a trial, its warning and its end. */
async function passPeriod(subscriptionId: string) {
  const response = await fetch(`${site.url}/_stripe/dev/subscriptions/${subscriptionId}/renew`, {
    method: 'POST',
    headers: { accept: 'application/json', origin: site.url },
  });
  expect(response.status).toBe(200);
}

/** A new account that opens the Pro checkout and pays on Stripe's page; its subscription and license as the dashboard shows them. */
async function checkOutPro(email: string, card = 'pm_card_visa') {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'pro-monthly', quantity: 1 }, { cookie });
  const session = await stripe.checkout.sessions.retrieve(new URL(started.result.url).pathname.split('/').pop()!);
  expect(await payWithCard(started.result.url, card)).toBe(303);
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses[0]?.subscription?.subscriptionId !== undefined,
  );
  const license = data.result.licenses[0];
  return { cookie, session, subscriptionId: license.subscription.subscriptionId as string, key: license.key as string };
}

describe('a 7-day Pro trial for first-time customers (card required; one per account and per card)', () => {
  it('offers the trial at checkout, keeps the license valid through it, warns three days before, and charges the full price at its end', async () => {
    const email = 'trial-converts@example.com';
    const { session, subscriptionId, key, cookie } = await checkOutPro(email, 'pm_card_visa');
    expect(session.mode).toBe('subscription');
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end! - subscription.trial_start!).toBe(7 * DAY);
    expect((await stripe.invoices.retrieve(String(subscription.latest_invoice))).amount_paid).toBe(0);
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ code: 'allowed' });
    expect((await checkoutPage(cookie)).result.trial).toMatchObject({ state: 'used' });
    // Nothing is paid at checkout: the payment is delayed to the trial's end, as Stripe says of such a session.
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('no_payment_required');
    // The checkout's outcome page tells a started trial from a payment: its end and what is charged then.
    const outcome = await eventually(
      () => checkoutPage(cookie),
      (page) => page.result.latest?.trial != null,
    );
    expect(outcome.result.latest).toMatchObject({
      state: 'paid',
      trial: { endsAt: new Date(subscription.trial_end! * 1000).toISOString(), amountCents: subscription.items.data[0]!.price.unit_amount, currency: 'usd' },
    });
    // A tenth of Pro's 400,000 monthly credits while the trial runs; the dashboard says when it ends and what it charges.
    expect((await readBalance(site.url, key)).reading).toMatchObject({ includedPerMonth: 40_000, includedRemaining: 40_000 });
    const onTrial = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.trial !== null,
    );
    expect(onTrial.result.licenses[0].subscription.trial).toEqual({
      endsAt: new Date(subscription.trial_end! * 1000).toISOString(),
      chargeCents: subscription.items.data[0]!.price.unit_amount,
      currency: 'usd',
    });

    await passPeriod(subscriptionId);
    const reminder = await waitForOutboxMessage(email, /trial ends/i, site.url);
    expect(reminder.page).toContain(dollars(subscription.items.data[0]!.price.unit_amount!));
    const converted = await stripe.subscriptions.retrieve(subscriptionId);
    expect(converted.status).toBe('active');
    const invoice = await stripe.invoices.retrieve(String(converted.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: subscription.items.data[0]!.price.unit_amount, created: subscription.trial_end });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.renewals === 1 && d.result.licenses[0].subscription.trial === null,
    );
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ code: 'allowed' });
    await eventually(
      () => readBalance(site.url, key),
      (balance) => 'includedPerMonth' in balance.reading && balance.reading.includedPerMonth === 400_000,
    );
  });

  it('a switch to Pro annual during the trial charges nothing now, keeps the trial, and bills the annual price at its end', async () => {
    const { subscriptionId, cookie } = await checkOutPro('trial-to-annual@example.com', 'pm_card_visa_debit');
    const trialing = await stripe.subscriptions.retrieve(subscriptionId);
    const view = await callFn(site.url, 'getPlanChange', { resourceId: 'pro-annual', quantity: 1 }, { cookie, method: 'GET' });
    const trialEndsAt = new Date(trialing.trial_end! * 1000).toISOString();
    expect(view.result).toMatchObject({
      kind: 'switch',
      preview: { lines: [], amountDueCents: 0, creditCents: 0, nextAmountCents: 19_000, renewsAt: trialEndsAt, trialEndsAt },
    });
    expect(view.result.message).toContain('Nothing is charged now: your free trial continues until');

    const changed = await callFn(
      site.url,
      'changePlan',
      { resourceId: 'pro-annual', quantity: 1, prorationDate: view.result.preview.prorationDate },
      { cookie },
    );
    expect(changed.result).toEqual({ changed: true, resourceId: 'pro-annual', quantity: 1 });
    const switched = await stripe.subscriptions.retrieve(subscriptionId);
    expect([switched.status, switched.trial_end, switched.items.data[0]!.price.recurring?.interval]).toEqual(['trialing', trialing.trial_end, 'year']);
    expect((await stripe.invoices.list({ subscription: subscriptionId })).data.map((invoice) => invoice.amount_paid)).toEqual([0]);

    // The trial's end charges the annual price, for a year.
    await passPeriod(subscriptionId);
    const converted = await stripe.subscriptions.retrieve(subscriptionId);
    expect(converted.status).toBe('active');
    const invoice = await stripe.invoices.retrieve(String(converted.latest_invoice));
    expect(invoice.amount_paid).toBe(19_000);
    const item = converted.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
  });

  it('a trial cancelled before its end ends with it: no charge, and the license is refused after', async () => {
    const { subscriptionId, key, cookie } = await checkOutPro('trial-cancelled@example.com', 'pm_card_amex');
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.cancelAt !== null,
    );
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ code: 'allowed' });

    await passPeriod(subscriptionId);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended.status).toBe('canceled');
    const invoices = await stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([0]);
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.status === 'ended',
    );
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ code: 'license_rejected' });
  });

  it('refuses a second trial to the same account: its checkout page says so and the checkout is at the regular price', async () => {
    const { cookie, subscriptionId } = await checkOutPro('trial-twice@example.com', 'pm_card_discover');
    await stripe.subscriptions.cancel(subscriptionId);
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.status === 'ended',
    );
    expect((await checkoutPage(cookie)).result.trial).toMatchObject({ state: 'used' });
    const again = await callFn(site.url, 'initiateCheckout', { resourceId: 'pro-monthly', quantity: 1 }, { cookie });
    expect(again).toMatchObject({ result: { outcome: 'redirect' } });
    expect(await payWithCard(again.result.url)).toBe(303);
    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.some((l: { status: string }) => l.status === 'active'),
    );
    const second = data.result.licenses.find((l: { status: string }) => l.status === 'active').subscription.subscriptionId as string;
    const paid = await stripe.subscriptions.retrieve(second);
    expect(paid.status).toBe('active');
    expect(paid.trial_end).toBeNull();
    expect((await stripe.invoices.retrieve(String(paid.latest_invoice))).amount_paid).toBe(paid.items.data[0]!.price.unit_amount);
  });

  it('refuses a second trial on the same card: another account paying with it is charged at once, and told why', async () => {
    const first = await checkOutPro('card-first@example.com', 'pm_card_mastercard');
    expect((await stripe.subscriptions.retrieve(first.subscriptionId)).status).toBe('trialing');
    const email = 'card-second@example.com';
    const second = await checkOutPro(email, 'pm_card_mastercard');
    const charged = await eventually(
      () => stripe.subscriptions.retrieve(second.subscriptionId),
      (s) => s.status === 'active',
    );
    const invoice = await stripe.invoices.retrieve(String(charged.latest_invoice));
    expect(invoice.amount_paid).toBe(charged.items.data[0]!.price.unit_amount);
    expect(invoice.amount_paid).toBeGreaterThan(0);
    await waitForOutboxMessage(email, /already had a Pro trial/i, site.url);
    expect((await validateLicense(site.url, second.key)).reading).toMatchObject({ code: 'allowed' });
    // The first card's owner keeps their trial.
    expect((await stripe.subscriptions.retrieve(first.subscriptionId)).status).toBe('trialing');
  });
});
