import { request } from 'node:http';
import { Pool } from 'pg';
import Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';
import { untilProjected, untilStripeEventsAttempted } from '../../support/site-signals';
import { watchStripeCheckoutClosings } from '../../support/stripe-checkout-closings';

let site: SiteServer;
let stripe: Stripe;
let pool: Pool;
let closings: Awaited<ReturnType<typeof watchStripeCheckoutClosings>>;
beforeAll(async () => {
  site = await startAddressableSite('checkout-form');
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  closings = await watchStripeCheckoutClosings(site);
}, 90_000);
afterAll(async () => {
  await closings?.stop();
  await pool?.end();
  await site?.stop();
});

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

/** The checkout form as a browser posts it before JavaScript has loaded. */
function postForm(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${site.url}/_serverFn/initiateCheckout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** A GET with a chosen Host header (fetch does not let a caller set it). */
function getWithHost(path: string, host: string, method = 'GET'): Promise<{ status: number; location: string | undefined }> {
  const { port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the checkout form without JavaScript', () => {
  it("answers a plain POST with a 303 to Stripe's checkout page for the chosen quantity", async () => {
    const cookie = await signUpOverHttp(site, 'nojs-buyer@example.com', 'Nojs Buyer');
    const answer = await postForm({ resourceId: 'pro-monthly', quantity: '3' }, { cookie, origin: site.url });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${site.url}/_stripe/checkout/cs_`));
    const session = await stripe.checkout.sessions.retrieve(location.split('/').pop()!);
    expect(session.amount_total).toBe(3 * 1900);
    expect(session.metadata).toMatchObject({ resourceId: 'pro-monthly', quantity: '3' });
  });

  it('adds a free item and sends the browser to it in the library', async () => {
    const cookie = await signUpOverHttp(site, 'nojs-free@example.com');
    const answer = await postForm({ resourceId: 'zettelkasten-starter-templates', quantity: '1' }, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/library/zettelkasten-starter-templates');
    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.resources.owned.length > 0,
    );
    expect(data.result.resources.owned).toEqual([
      expect.objectContaining({ source: 'free', resource: expect.objectContaining({ id: 'zettelkasten-starter-templates' }) }),
    ]);
    expect(data.result.pendingPayments).toEqual([]);
  });

  it('sends a refusal back to the checkout page of the item, with its reason', async () => {
    const cookie = await signUpOverHttp(site, 'nojs-refused@example.com');
    const answer = await postForm({ resourceId: 'project-dashboard-templates', quantity: '1' }, { cookie });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/checkout?resourceId=project-dashboard-templates&status=error&reason=checkout.included_with_subscription');
    const invalid = await postForm({ resourceId: '', quantity: '99' }, { cookie });
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get('location')).toBe('/checkout?status=error&reason=VALIDATION_FAILED');
  });

  it('sends a signed-out visitor to sign in, and back to the checkout page after', async () => {
    const answer = await postForm({ resourceId: 'lifetime-license', quantity: '2' });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!, site.url);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('sign_in')).toBe('open');
    expect(location.searchParams.get('redirect_url')).toBe('/checkout?resourceId=lifetime-license&quantity=2');
  });

  it('refuses a checkout posted from another site: nothing is started or granted', async () => {
    const cookie = await signUpOverHttp(site, 'csrf-victim@example.com');
    const fromElsewhere = await postForm({ resourceId: 'lifetime-license', quantity: '1' }, { cookie, origin: 'https://evil.example' });
    expect(fromElsewhere.status).toBe(303);
    expect(fromElsewhere.headers.get('location')).toBe('/checkout?status=error&reason=CROSS_SITE');
    const free = await postForm({ resourceId: 'zettelkasten-starter-templates', quantity: '1' }, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(free.headers.get('location')).toBe('/checkout?status=error&reason=CROSS_SITE');
    const json = await fetch(`${site.url}/_serverFn/initiateCheckout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: 'https://evil.example' },
      body: JSON.stringify({ resourceId: 'lifetime-license', quantity: 1 }),
    });
    expect(json.status).toBe(403);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE');
    const data = await dashboard(cookie);
    expect(data.result).toMatchObject({ pendingPayments: [], resources: { owned: [] } });
  });
});

describe('cancelled and expired checkouts', () => {
  it('closes a checkout the buyer came back from as cancelled, and a new press opens a fresh Stripe checkout', async () => {
    const cookie = await signUpOverHttp(site, 'canceller@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'the-ai-assisted-vault', quantity: 1 }, { cookie });
    await eventually(
      () => dashboard(cookie),
      (d) => d.result?.pendingPayments[0]?.status === 'open',
    );
    const back = await chooseOnHostedCheckout(started.result.url, 'cancel');
    expect(back.headers.get('location')).toContain('status=cancelled');
    expect((await callFn(site.url, 'cancelCheckout', { resourceId: 'the-ai-assisted-vault' }, { cookie })).result).toEqual({ cancelled: 1 });
    const data = await dashboard(cookie);
    expect(data.result.pendingPayments).toEqual([expect.objectContaining({ status: 'expired', closeReason: 'cancelled' })]);
    // The cancellation has a job close the Stripe checkout; the hosted page can no longer be paid.
    expect(await closings.closed(data.result.pendingPayments[0].id.replace(/^pp-/, ''))).toBe('expired');
    const stripeCheckoutId = started.result.url.split('/').pop();
    expect((await stripe.checkout.sessions.retrieve(stripeCheckoutId)).status).toBe('expired');
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(409);
    // Stripe's expiry webhook arrives after: it leaves the checkout cancelled.
    await untilStripeEventsAttempted(site, { type: 'checkout.session.expired', objectId: stripeCheckoutId });
    await untilProjected(site);
    expect((await dashboard(cookie)).result.pendingPayments).toEqual([expect.objectContaining({ closeReason: 'cancelled' })]);

    const again = await callFn(site.url, 'initiateCheckout', { resourceId: 'the-ai-assisted-vault', quantity: 1 }, { cookie });
    expect(again.result.url).not.toBe(started.result.url);
    expect((await stripe.checkout.sessions.retrieve(again.result.url.split('/').pop())).status).toBe('open');
    expect(
      (await callFn(site.url, 'cancelCheckout', { resourceId: 'the-ai-assisted-vault' }, { cookie: await signUpOverHttp(site, 'not-the-buyer@example.com') }))
        .result,
    ).toEqual({ cancelled: 0 });
  });

  it('lists a checkout Stripe expired as expired, never as waiting', async () => {
    const cookie = await signUpOverHttp(site, 'expirer@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'meeting-notes-system', quantity: 1 }, { cookie });
    await stripe.checkout.sessions.expire(started.result.url.split('/').pop());
    const data = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.pendingPayments[0]?.status === 'expired',
    );
    expect(data.result.pendingPayments).toEqual([expect.objectContaining({ status: 'expired', closeReason: 'checkout_expired' })]);
  });
});

describe('after paying', () => {
  it('tells the checkout page how many were bought, from the purchase record', async () => {
    const cookie = await signUpOverHttp(site, 'credits-buyer@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'credits-100k', quantity: 2 }, { cookie });
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
    // The URL's quantity is not what is shown: the recorded purchase is.
    const data = await eventually(
      () => callFn(site.url, 'getCheckoutData', { resourceId: 'credits-100k', quantity: 7, status: 'success' }, { cookie, method: 'GET' }),
      (d) => d.result?.latest?.state === 'paid',
    );
    expect(data.result.latest).toMatchObject({ state: 'paid', quantity: 2 });
  });
});

describe("the emulator's pages", () => {
  it("show the product's name and quantity, and the signed-in buyer's email", async () => {
    const cookie = await signUpOverHttp(site, 'names@example.com', 'Nina Names');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'pro-monthly', quantity: 3 }, { cookie });
    const page = await (await fetch(started.result.url)).text();
    expect(page).toContain('<td>Pro<br><small>Qty 3');
    expect(page).not.toMatch(/prod_\w+/);
    expect(page).toContain('value="names@example.com"');
  });

  it('the paid invoice page links back to the site', async () => {
    const cookie = await signUpOverHttp(site, 'invoice@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const session = await stripe.checkout.sessions.retrieve(started.result.url.split('/').pop()!);
    const subscription = await stripe.subscriptions.retrieve(String(session.subscription));
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    const page = await (await fetch(String(invoice.hosted_invoice_url))).text();
    expect(page).toContain('is paid');
    expect(page).toContain(`href="${site.url}/dashboard?section=license"`);
  });
});

describe('the quantity: one name, `quantity`, in the page address, the form and the way back from sign-in', () => {
  const page = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });

  it('sends a signed-out visitor of a checkout page to sign in and back with the quantity', async () => {
    const answer = await page('/checkout?resourceId=credits-100k&quantity=4');
    const location = new URL(answer.headers.get('location')!, site.url);
    expect([answer.status, location.pathname, location.searchParams.get('redirect_url')]).toEqual([307, '/', '/checkout?resourceId=credits-100k&quantity=4']);
  });

  it('sends a signed-out plan switch posted without JavaScript to sign in and back with its seats', async () => {
    const answer = await fetch(`${site.url}/_serverFn/changePlan`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ resourceId: 'pro-monthly', quantity: '3', prorationDate: '1' }).toString(),
      redirect: 'manual',
    });
    const location = new URL(answer.headers.get('location')!, site.url);
    expect([answer.status, location.searchParams.get('redirect_url')]).toEqual([303, '/checkout?resourceId=pro-monthly&quantity=3']);
  });

  it('moves an old link with qty to quantity (emails and Stripe sessions made before the rename), the rest of the address kept', async () => {
    const old = await page('/checkout?resourceId=credits-100k&qty=4&status=cancelled');
    expect([old.status, old.headers.get('location')]).toEqual([301, '/checkout?resourceId=credits-100k&quantity=4&status=cancelled']);
    const both = await page('/checkout?qty=9&resourceId=credits-100k&quantity=4');
    expect([both.status, both.headers.get('location')]).toEqual([301, '/checkout?resourceId=credits-100k&quantity=4']);
    expect((await page('/resources?qty=4')).status).toBe(200);
  });
});

describe('the canonical host', () => {
  it('sends a page asked for under another name of this server to the same path on PUBLIC_URL', async () => {
    const { port } = new URL(site.url);
    expect(await getWithHost('/resources?plan=pro', `localhost:${port}`)).toEqual({ status: 308, location: `${site.url}/resources?plan=pro` });
    expect(await getWithHost('/dashboard', `LOCALHOST:${port}`, 'HEAD')).toEqual({ status: 308, location: `${site.url}/dashboard` });
  });

  it('never sends the visitor to another site: a path that looks like a host stays a path on PUBLIC_URL', async () => {
    const { port } = new URL(site.url);
    for (const path of ['//evil.example/steal', '/\\evil.example/steal']) {
      const { status, location } = await getWithHost(path, `localhost:${port}`);
      if (status === 308) expect(new URL(location!).origin).toBe(new URL(site.url).origin);
    }
  });

  it('leaves the canonical host, other ports, machine endpoints, files and non-GET requests alone', async () => {
    const { host, port } = new URL(site.url);
    expect((await getWithHost('/resources', host)).status).toBe(200);
    expect((await getWithHost('/resources', `localhost:${Number(port) + 1}`)).status).toBe(200);
    for (const path of ['/healthz', '/_serverFn/getViewer?payload=%7B%7D', '/v1/prices', '/favicon.svg']) {
      expect((await getWithHost(path, `localhost:${port}`)).status).not.toBe(308);
    }
    expect((await getWithHost('/resources', `localhost:${port}`, 'POST')).status).not.toBe(308);
  });
});
