import Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';
import { waitForOutboxMessage } from '../../support/outbox';

let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  site = await startAddressableSite('plan-after-renewal');
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(() => site?.stop());

const DAY = 86_400;
const period = (start: number, end: number) => ({ start: new Date(start * 1000).toISOString(), end: new Date(end * 1000).toISOString() });
const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });
const planChange = (cookie: string, resourceId: string) => callFn(site.url, 'getPlanChange', { resourceId, quantity: 1 }, { cookie, method: 'GET' });
const devTrigger = async (path: string) => {
  const response = await fetch(`${site.url}/_stripe/dev/${path}`, { method: 'POST', headers: { accept: 'application/json', origin: site.url } });
  return { status: response.status, body: (await response.json()) as { ok: boolean; subscription?: Stripe.Subscription; invoice?: Stripe.Invoice } };
};

async function subscribed(email: string) {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses[0]?.subscription?.status === 'active',
  );
  return { cookie, subscriptionId: data.result.licenses[0].subscription.subscriptionId as string };
}

async function switchToPro(cookie: string) {
  const view = await planChange(cookie, 'pro-monthly');
  expect(view.result).toMatchObject({ kind: 'switch', direction: 'upgrade' });
  const changed = await callFn(
    site.url,
    'changePlan',
    { resourceId: 'pro-monthly', quantity: 1, prorationDate: view.result.preview.prorationDate },
    { cookie },
  );
  return { preview: view.result.preview, changed };
}

describe('a plan change after a renewal (the dev page moves the customer’s test clock, not the period alone)', () => {
  it('after “Renew now” the preview is dated at Stripe’s time and the switch to Pro is charged as shown', async () => {
    const { cookie, subscriptionId } = await subscribed('renewed-then-upgrade@example.com');
    const before = await stripe.subscriptions.retrieve(subscriptionId);
    const periodEnd = before.items.data[0]!.current_period_end;
    const renewed = await devTrigger(`subscriptions/${subscriptionId}/renew`);
    expect([renewed.status, renewed.body.ok]).toEqual([200, true]);
    const clock = await stripe.testHelpers.testClocks.retrieve(String((await stripe.subscriptions.retrieve(subscriptionId)).test_clock));
    expect(clock).toMatchObject({ status: 'ready', frozen_time: periodEnd });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.renewals === 1,
    );

    const { preview, changed } = await switchToPro(cookie);
    // At the very start of the new period: the whole month is left, so the whole $10 difference is due.
    expect(preview).toMatchObject({ prorationDate: periodEnd, amountDueCents: 1000 });
    expect(changed.result).toEqual({ changed: true, resourceId: 'pro-monthly', quantity: 1 });
    const invoice = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: 1000, created: periodEnd });
  });

  it('after “Fail renewal” the switch waits for the open invoice; paid on its hosted page, the switch goes through', async () => {
    const { cookie, subscriptionId } = await subscribed('failed-then-upgrade@example.com');
    const failed = await devTrigger(`subscriptions/${subscriptionId}/fail-renewal`);
    expect(failed.body.subscription).toMatchObject({ status: 'past_due' });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.status === 'past_due',
    );
    expect((await planChange(cookie, 'pro-monthly')).result).toMatchObject({ kind: 'refused', code: 'checkout.plan_change_overdue' });

    const paid = await fetch(`${site.url}/_stripe/invoice/${String(failed.body.invoice!.id)}/pay`, { method: 'POST', headers: { origin: site.url } });
    expect(paid.status).toBe(200);
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.status === 'active',
    );
    const { changed } = await switchToPro(cookie);
    expect(changed.result).toEqual({ changed: true, resourceId: 'pro-monthly', quantity: 1 });
  });

  it('leaves a money trail: the checkout, the renewal paid late and the switch’s charge in the purchases with their periods, each with a receipt', async () => {
    const email = 'money-trail@example.com';
    const { cookie, subscriptionId } = await subscribed(email);
    const start = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_start;
    const failed = await devTrigger(`subscriptions/${subscriptionId}/fail-renewal`);
    const renewal = failed.body.invoice!;
    const pending = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.pendingPayments?.some((p: { status: string }) => p.status === 'open'),
    );
    expect(pending.result.pendingPayments[0]).toMatchObject({
      kind: 'renewal',
      title: 'Starter',
      amountCents: 900,
      period: period(start + 30 * DAY, start + 60 * DAY),
    });
    await fetch(`${site.url}/_stripe/invoice/${renewal.id}/pay`, { method: 'POST', headers: { origin: site.url } });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.status === 'active',
    );
    const { preview, changed } = await switchToPro(cookie);
    expect(changed.result).toMatchObject({ changed: true });

    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.purchases?.length === 3,
    );
    expect(data.result.purchases).toEqual([
      expect.objectContaining({
        kind: 'plan_change',
        title: 'Pro',
        amountCents: preview.amountDueCents,
        status: 'paid',
        period: period(start + 30 * DAY, start + 60 * DAY),
      }),
      expect.objectContaining({
        kind: 'renewal',
        checkoutRef: renewal.id,
        title: 'Starter',
        amountCents: 900,
        period: period(start + 30 * DAY, start + 60 * DAY),
      }),
      expect.objectContaining({ kind: 'checkout', title: 'Starter', amountCents: 900, period: period(start, start + 30 * DAY) }),
    ]);
    expect(data.result.pendingPayments[0]).toMatchObject({ status: 'settled', period: period(start + 30 * DAY, start + 60 * DAY) });
    const renewed = await waitForOutboxMessage(email, /^Starter renewed: your receipt$/, site.url);
    expect(renewed.page).toContain(renewal.number!);
    const moved = await waitForOutboxMessage(email, /^Your receipt: moved to Pro \(\$10\.00\)$/, site.url);
    expect(moved.page).toContain('$10.00');
  });

  it('a Stripe refusal answers a coded 422 in the error envelope, never a 500, and the log line carries Stripe’s request id', async () => {
    const { cookie } = await subscribed('refused-upgrade@example.com');
    const view = await planChange(cookie, 'pro-monthly');
    expect(view.result).toMatchObject({ kind: 'switch' });
    // The price book keeps the price it found for a minute; Stripe now refuses it as inactive.
    const [pro] = (await stripe.prices.list({ lookup_keys: ['sculpt_pro-monthly'], active: true })).data;
    await stripe.prices.update(pro!.id, { active: false });
    try {
      const refused = await planChange(cookie, 'pro-monthly');
      expect(refused.status).toBe(422);
      expect(refused.error).toEqual({ code: 'stripe.refused', message: expect.stringContaining('nothing was charged') });
      const changed = await callFn(
        site.url,
        'changePlan',
        { resourceId: 'pro-monthly', quantity: 1, prorationDate: view.result.preview.prorationDate },
        { cookie },
      );
      expect([changed.status, changed.error?.code]).toEqual([422, 'stripe.refused']);
      const line = await eventually(
        async () =>
          site
            .stdout()
            .split('\n')
            .find((l) => l.includes('"stripeCode"') && l.includes('stripe.refused') && l.includes('inactive')),
        (found) => found !== undefined,
      );
      expect(JSON.parse(line!)).toMatchObject({
        stripeRequestId: expect.stringMatching(/^req_/),
        stripeType: 'StripeInvalidRequestError',
        code: 'stripe.refused',
      });
    } finally {
      await stripe.prices.update(pro!.id, { active: true });
    }
  });
});
