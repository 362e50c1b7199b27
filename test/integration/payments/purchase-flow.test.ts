import Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';
import { watchStripeCheckoutClosings } from '../../support/stripe-checkout-closings';

let site: SiteServer;
let stripe: Stripe;
let closings: Awaited<ReturnType<typeof watchStripeCheckoutClosings>>;
beforeAll(async () => {
  site = await startAddressableSite('purchase-flow');
  stripe = emulatorStripe(site.url);
  closings = await watchStripeCheckoutClosings(site);
}, 90_000);
afterAll(async () => {
  await closings?.stop();
  await site?.stop();
});

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

describe('a purchase through the local Stripe emulator, end to end over HTTP', () => {
  it('sends a signed-out visitor to sign in, and back to the checkout afterwards', async () => {
    const answer = await callFn(site.url, 'getCheckoutData', { resourceId: 'lifetime-license', quantity: 3 }, { method: 'GET' });
    expect(answer.redirect).toMatchObject({ to: '/', search: { sign_in: 'open', redirect_url: '/checkout?resourceId=lifetime-license&quantity=3' } });
    expect((await callFn(site.url, 'getDashboardData', { section: 'license' }, { method: 'GET' })).redirect?.search).toEqual({
      sign_in: 'open',
      redirect_url: '/dashboard?section=license',
    });
    expect((await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 })).status).toBe(401);
  });

  it('buys a lifetime license for 3 seats: one license, its key, 3 seats, a receipt; a second user sees none of it', async () => {
    const cookie = await signUpOverHttp(site, 'buyer@example.com', 'Ada Buyer');
    const data = await callFn(site.url, 'getCheckoutData', { resourceId: 'lifetime-license', quantity: 3 }, { cookie, method: 'GET' });
    expect(data.result).toMatchObject({ mode: 'payment', quantity: 3, quantityAdjustable: true, totalCents: 59_700, owned: false, latest: null });

    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 3 }, { cookie });
    expect(started.result).toMatchObject({ outcome: 'redirect', url: expect.stringContaining('/_stripe/checkout/cs_') });
    const again = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 3 }, { cookie });
    expect(again.result).toEqual(started.result);

    const paid = await chooseOnHostedCheckout(started.result.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${site.url}/checkout?resourceId=lifetime-license&quantity=3&status=success`);

    // Licenses and purchases are separate projectors: wait for both.
    const owned = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1 && d.result.purchases.length === 1 && d.result.pendingPayments[0]?.status === 'settled',
    );
    const [license] = owned.result.licenses;
    expect(license).toMatchObject({ plan: 'lifetime', kind: 'lifetime', status: 'active', seats: 3, seatsUsed: 1, title: 'Lifetime license' });
    expect(license.key).toMatch(/^SSAI(-[0-9A-Z]{5}){5}$/);
    expect(owned.result.purchases).toEqual([expect.objectContaining({ title: 'Lifetime license', quantity: 3, amountCents: 59_700, status: 'paid' })]);
    expect(owned.result.pendingPayments).toEqual([expect.objectContaining({ status: 'settled' })]);
    expect((await callFn(site.url, 'getCheckoutData', { resourceId: 'lifetime-license' }, { cookie, method: 'GET' })).result.latest).toMatchObject({
      state: 'paid',
    });

    const other = await signUpOverHttp(site, 'someone-else@example.com');
    const theirs = await dashboard(other);
    expect(theirs.result).toMatchObject({ licenses: [], purchases: [], pendingPayments: [], sharedSeats: [], resources: { owned: [], included: [] } });
    expect((await callFn(site.url, 'assignSeat', { licenseId: license.licenseId, email: 'x@example.com' }, { cookie: other })).status).toBe(404);
  });

  it('gives a free resource at once, and refuses what comes with a subscription', async () => {
    const cookie = await signUpOverHttp(site, 'free@example.com');
    expect((await callFn(site.url, 'initiateCheckout', { resourceId: 'zettelkasten-starter-templates', quantity: 1 }, { cookie })).result).toEqual({
      outcome: 'granted',
      resourceId: 'zettelkasten-starter-templates',
    });
    await callFn(site.url, 'initiateCheckout', { resourceId: 'zettelkasten-starter-templates', quantity: 1 }, { cookie });
    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.resources.owned.length > 0,
    );
    expect(data.result.resources.owned).toEqual([
      expect.objectContaining({ source: 'free', resource: expect.objectContaining({ id: 'zettelkasten-starter-templates' }) }),
    ]);
    expect((await callFn(site.url, 'initiateCheckout', { resourceId: 'project-dashboard-templates', quantity: 1 }, { cookie })).error?.code).toBe(
      'checkout.included_with_subscription',
    );
  });

  it('answers configuration-error for a resource whose Stripe price is not active', async () => {
    const cookie = await signUpOverHttp(site, 'config@example.com');
    const [price] = (await stripe.prices.list({ lookup_keys: ['sculpt_prompting-for-notes'] })).data;
    await stripe.prices.update(price!.id, { active: false });
    // The price book keeps a lookup for a minute; a fresh site would see it at once, this one may have cached it.
    const answer = await eventually(
      () => callFn(site.url, 'initiateCheckout', { resourceId: 'prompting-for-notes', quantity: 1 }, { cookie }),
      (a) => a.result?.outcome === 'configuration-error',
      70_000,
    );
    expect(answer.result).toEqual({ outcome: 'configuration-error' });
  }, 80_000);

  it('subscribes to Pro: a subscription license that renews monthly, ended when the subscription is cancelled', async () => {
    const cookie = await signUpOverHttp(site, 'subscriber@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'pro-monthly', quantity: 1 }, { cookie });
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
    const active = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.status === 'active' && d.result.canManageBilling,
    );
    const [license] = active.result.licenses;
    expect(license).toMatchObject({ kind: 'subscription', plan: 'pro', status: 'active', seats: 1, subscription: { renewals: 0, cancelAt: null } });
    // A first Pro subscription starts with the 7-day free trial: its first period is the trial.
    expect(Date.parse(license.subscription.currentPeriodEnd)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(license.subscription.trial).toMatchObject({ endsAt: license.subscription.currentPeriodEnd });
    expect(active.result.resources.included.map((r: { id: string }) => r.id)).toContain('project-dashboard-templates');
    expect(active.result.canManageBilling).toBe(true);
    const portal = await callFn(site.url, 'openBillingPortal', {}, { cookie });
    expect(portal.result.url).toContain('/_stripe/billing/');

    await stripe.subscriptions.cancel(license.subscription.subscriptionId);
    const ended = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.subscription?.status === 'cancelled' && d.result.licenses[0].status === 'ended',
    );
    expect(ended.result.licenses[0]).toMatchObject({ status: 'ended' });
    expect(ended.result.resources.included).toEqual([]);
  });

  it('a full refund revokes the lifetime license and its access; the purchase shows as refunded', async () => {
    const cookie = await signUpOverHttp(site, 'refunded@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const owned = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1,
    );
    const sessionId = new URL(started.result.url).pathname.split('/').pop()!;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    const revoked = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses[0]?.status === 'revoked' && d.result.purchases[0]?.status === 'refunded',
    );
    expect(revoked.result.licenses[0]).toMatchObject({ licenseId: owned.result.licenses[0].licenseId, revokedReason: 'refund' });
    expect(revoked.result.purchases[0]).toMatchObject({ status: 'refunded' });
  });

  it('abandons an unfinished checkout: the pending payment is closed, then a job expires its Stripe checkout', async () => {
    const cookie = await signUpOverHttp(site, 'abandon@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'from-audio-to-notes', quantity: 1 }, { cookie });
    const waiting = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.pendingPayments[0]?.status === 'open',
    );
    expect(waiting.result.pendingPayments[0]).toMatchObject({ kind: 'checkout', payUrl: started.result.url, amountCents: 3900 });
    const stranger = await signUpOverHttp(site, 'stranger@example.com');
    expect((await callFn(site.url, 'abandonPendingPayment', { pendingPaymentId: waiting.result.pendingPayments[0].id }, { cookie: stranger })).status).toBe(
      404,
    );
    expect((await callFn(site.url, 'abandonPendingPayment', { pendingPaymentId: waiting.result.pendingPayments[0].id }, { cookie })).result).toEqual({
      abandoned: true,
    });
    expect((await dashboard(cookie)).result.pendingPayments[0]).toMatchObject({ status: 'expired', closeReason: 'abandoned' });
    expect(await closings.closed(waiting.result.pendingPayments[0].id.replace(/^pp-/, ''))).toBe('expired');
    const stripeCheckoutId = new URL(started.result.url).pathname.split('/').pop()!;
    expect((await stripe.checkout.sessions.retrieve(stripeCheckoutId)).status).toBe('expired');
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(409);
    // Abandoned once: a second press finds nothing left to abandon.
    expect((await callFn(site.url, 'abandonPendingPayment', { pendingPaymentId: waiting.result.pendingPayments[0].id }, { cookie })).error?.code).toBe(
      'pending_payment.not_abandonable',
    );
  });

  it('rejects bad input with the zod issues', async () => {
    const cookie = await signUpOverHttp(site, 'bad@example.com');
    const bad = await callFn(site.url, 'initiateCheckout', { resourceId: '   ', quantity: 51 }, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.error?.issues).toHaveLength(2);
  });
});
