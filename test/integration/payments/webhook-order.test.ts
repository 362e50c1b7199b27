import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, freePort, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';

const SECRET = 'whsec_sculpt_local_emulator';
const signer = new Stripe('sk_test_signing_only');

/** Stands where the site's webhook endpoint would be: keeps every event the emulator sends, answers 200. */
class WebhookRecorder {
  readonly events: Array<{ id: string; type: string; body: string }> = [];
  private server?: Server;

  async start(): Promise<string> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const event = JSON.parse(body) as { id: string; type: string };
        this.events.push({ id: event.id, type: event.type, body });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${port}/`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

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

/** Delivers a recorded event to the site, freshly signed as Stripe signs a retry. */
async function deliver(body: string): Promise<number> {
  const response = await fetch(`${site.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) },
    body,
  });
  return response.status;
}

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });
const recorded = (type: string) =>
  eventually(
    async () => recorder.events.filter((e) => e.type === type),
    (found) => found.length > 0,
  );

describe('Stripe events in any order, any number of times', () => {
  it('fulfils a purchase once when its event is delivered five times, and a twin event with another id does not grant again', async () => {
    const cookie = await signUpOverHttp(site, 'five-times@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 2 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const [completed] = await recorded('checkout.session.completed');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await deliver(completed!.body));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const twin = JSON.parse(completed!.body) as { id: string };
    twin.id = `${twin.id}_twin`;
    expect(await deliver(JSON.stringify(twin))).toBe(200);

    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1 && d.result.purchases.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const settled = await dashboard(cookie);
    expect(settled.result.licenses).toHaveLength(1);
    expect(settled.result.purchases).toHaveLength(1);
    expect(settled.result.licenses[0]).toMatchObject({ seats: 2, licenseId: data.result.licenses[0].licenseId });
  });

  it('ends right when invoice.paid and the subscription arrive before checkout.session.completed', async () => {
    const cookie = await signUpOverHttp(site, 'out-of-order@example.com');
    recorder.events.length = 0;
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const [paid] = await recorded('invoice.paid');
    const [created] = await recorded('customer.subscription.created');
    const [completed] = await recorded('checkout.session.completed');
    expect(await deliver(paid!.body)).toBe(200);
    const early = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1,
    );
    expect(early.result.licenses[0]).toMatchObject({ kind: 'subscription', plan: 'starter', status: 'active' });
    expect(early.result.purchases).toEqual([]);
    await deliver(created!.body);
    await deliver(completed!.body);
    await deliver(paid!.body);
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
    recorder.events.length = 0;
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'vault-kickstart-bundle', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const [completed] = await recorded('checkout.session.completed');
    const stripe = emulatorStripe(site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(started.result.url).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    const [refunded] = await recorded('charge.refunded');
    expect(await deliver(refunded!.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await dashboard(cookie)).result.purchases).toEqual([]);
    expect(await deliver(completed!.body)).toBe(200);
    const done = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.purchases[0]?.status === 'refunded' && d.result.resources.owned.length === 0,
      30_000,
    );
    expect(done.result.resources.owned).toEqual([]);
  }, 40_000);
});
