import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe, postSignedWebhook, WebhookRecorder, type StripeEvent } from '../../support/emulator-client';
import { untilProjected, untilStripeEventsAttempted } from '../../support/site-signals';

let site: SiteServer;
const recorder = new WebhookRecorder();
beforeAll(async () => {
  const endpoint = await recorder.start();
  site = await startAddressableSite('webhook-order', { STRIPE_EMULATOR_WEBHOOK_URL: endpoint });
}, 90_000);
afterAll(async () => {
  await site?.stop();
  await recorder.stop();
});

/** Delivers an event the emulator sent to the site, freshly signed as Stripe signs a retry. */
const deliver = async (event: StripeEvent): Promise<number> => (await postSignedWebhook(site.url, JSON.stringify(event))).status;

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

describe('Stripe events in any order, any number of times', () => {
  it('fulfils a purchase once when its event is delivered five times, and a twin event with another id does not grant again', async () => {
    const cookie = await signUpOverHttp(site, 'five-times@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 2 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const completed = await recorder.sent('checkout.session.completed');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await deliver(completed));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await deliver({ ...completed, id: `${completed.id}_twin` })).toBe(200);

    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1 && d.result.purchases.length === 1,
    );
    // Every delivery has been handled (or found handled) and projected: a second grant would show now.
    await untilStripeEventsAttempted(site);
    await untilProjected(site);
    const settled = await dashboard(cookie);
    expect(settled.result.licenses).toHaveLength(1);
    expect(settled.result.purchases).toHaveLength(1);
    expect(settled.result.licenses[0]).toMatchObject({ seats: 2, licenseId: data.result.licenses[0].licenseId });
  });

  it('ends right when invoice.paid and the subscription arrive before checkout.session.completed', async () => {
    const cookie = await signUpOverHttp(site, 'out-of-order@example.com');
    recorder.bodies.length = 0;
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const paid = await recorder.sent('invoice.paid');
    const created = await recorder.sent('customer.subscription.created');
    const completed = await recorder.sent('checkout.session.completed');
    expect(await deliver(paid)).toBe(200);
    const early = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1,
    );
    expect(early.result.licenses[0]).toMatchObject({ kind: 'subscription', plan: 'starter', status: 'active' });
    expect(early.result.purchases).toEqual([]);
    await deliver(created);
    await deliver(completed);
    await deliver(paid);
    const done = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.purchases.length === 1 && d.result.licenses[0]?.subscription?.status === 'active',
    );
    expect(done.result.licenses).toHaveLength(1);
    expect(done.result.licenses[0].subscription).toMatchObject({ status: 'active', renewals: 0 });
    expect(done.result.purchases[0]).toMatchObject({ title: 'Starter', amountCents: 900, status: 'paid' });
  });

  it('records a refund that arrives before its purchase once the purchase is known', async () => {
    const cookie = await signUpOverHttp(site, 'refund-first@example.com');
    recorder.bodies.length = 0;
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'vault-kickstart-bundle', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const completed = await recorder.sent('checkout.session.completed');
    const stripe = emulatorStripe(site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(started.result.url).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    const refunded = await recorder.sent('charge.refunded');
    expect(await deliver(refunded)).toBe(200);
    // Its job has run once (and was told to come back later) and whatever it recorded is projected.
    await untilStripeEventsAttempted(site, { type: 'charge.refunded' });
    await untilProjected(site);
    expect((await dashboard(cookie)).result.purchases).toEqual([]);
    expect(await deliver(completed)).toBe(200);
    const done = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.purchases[0]?.status === 'refunded' && d.result.resources.owned.length === 0,
      30_000,
    );
    expect(done.result.resources.owned).toEqual([]);
  }, 40_000);
});
