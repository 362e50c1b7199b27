import { Pool } from 'pg';
import type Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { pdfText } from '../../support/pdf-text';
import {
  buyLicenseOverHttp,
  callFn,
  chooseOnHostedCheckout,
  eventually,
  giveSeatOverHttp,
  signUpOverHttp,
  startAddressableSite,
} from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const WEBHOOK_SECRET = 'whsec_invoicing_test_0123456789';

let site: SiteServer;
let stripe: Stripe;
let pool: Pool;

beforeAll(async () => {
  site = await startAddressableSite('invoicing', {
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SELLER_NAME: 'SystemSculpt Test Ltd',
    SELLER_ADDRESS: '1 Example Street|London N1 1AA|United Kingdom',
    SELLER_TAX_ID: 'GB999999973',
  });
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const history = (cookie: string) => callFn(site.url, 'getBillingHistory', {}, { cookie, method: 'GET' });
const document = (number: string, cookie?: string) => callFn(site.url, 'getBillingDocument', { number }, { method: 'GET', ...(cookie ? { cookie } : {}) });
const pdf = (number: string, cookie?: string) => fetch(`${site.url}/billing/pdf/${number}.pdf`, { headers: cookie ? { cookie } : {} });

/** Posts a Stripe event to the site's webhook endpoint, signed as the emulator signs its deliveries. */
async function deliver(event: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return (await fetch(`${site.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }))
    .status;
}

describe("a purchase's invoice, seen by its owner only", () => {
  let owner: { cookie: string; licenseId: string; checkoutUrl: string };
  let number: string;

  beforeAll(async () => {
    owner = await buyLicenseOverHttp(site, 'invoice-owner@example.com', 2);
    const answer = await eventually(
      () => history(owner.cookie),
      (h) => h.result?.charges[0]?.documents.length === 1,
    );
    number = answer.result.charges[0].documents[0].number;
  }, 60_000);

  it('lists the purchase with its invoice, numbered in the year’s series, no tax before tax is collected', async () => {
    const { result } = await history(owner.cookie);
    expect(result.charges).toEqual([
      expect.objectContaining({ kind: 'purchase', status: 'paid', taxCents: 0, documents: [expect.objectContaining({ kind: 'invoice', number })] }),
    ]);
    expect(number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
    const doc = (await document(number, owner.cookie)).result;
    expect(doc).toMatchObject({ kind: 'invoice', number, taxCents: 0, reverseCharge: false, buyerEmail: 'invoice-owner@example.com' });
    expect(doc.seller).toEqual({
      name: 'SystemSculpt Test Ltd',
      address: ['1 Example Street', 'London N1 1AA', 'United Kingdom'],
      taxId: 'GB999999973',
      email: expect.any(String),
    });
    expect(doc.totalCents).toBe(result.charges[0].amountCents);
  });

  it('answers 404 to another account, a seat holder of the owner’s license included, and 401 signed out', async () => {
    const stranger = await signUpOverHttp(site, 'invoice-stranger@example.com');
    const seat = await giveSeatOverHttp(site, owner, 'invoice-seat@example.com');
    for (const cookie of [stranger, seat.cookie]) {
      expect(await document(number, cookie)).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
      expect((await pdf(number, cookie)).status).toBe(404);
      expect((await history(cookie)).result).toEqual({ charges: [] });
    }
    expect(await document(number)).toMatchObject({ status: 401, error: { code: 'UNAUTHENTICATED' } });
    expect((await pdf(number)).status).toBe(401);
    expect(await document('not-a-number', owner.cookie)).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED' } });
  });

  it('serves the owner the PDF with the seller’s tax number', async () => {
    const answer = await pdf(number, owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await answer.arrayBuffer()));
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain('Tax number: GB999999973');
  });

  it('a refund issues one credit note against the invoice, however often Stripe delivers it', async () => {
    const session = await stripe.checkout.sessions.retrieve(new URL(owner.checkoutUrl).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent), amount: 1000 });
    const refunded = await eventually(
      () => history(owner.cookie),
      (h) => h.result?.charges[0]?.documents.length === 2,
    );
    const [charge] = refunded.result.charges;
    expect(charge.status).toBe('partially_refunded');
    expect(charge.documents[1]).toMatchObject({ kind: 'credit_note', totalCents: 1000 });
    const note = (await document(charge.documents[1].number, owner.cookie)).result;
    expect(note).toMatchObject({ kind: 'credit_note', invoiceNumber: number, reason: 'refund', totalCents: 1000 });

    // Stripe delivers the refund again, under another event id: still one note.
    const { rows } = await pool.query<{ payload: Record<string, unknown> }>(
      `select payload from stripe_webhook_events where type = 'charge.refunded' order by received_at desc limit 1`,
    );
    expect(await deliver({ ...rows[0]!.payload, id: `evt_again_${Date.now()}` })).toBe(200);
    await eventually(
      () => pool.query(`select count(*)::int as n from stripe_webhook_events where type = 'charge.refunded' and handled_at is not null`),
      (r) => r.rows[0].n === 2,
    );
    // The second delivery records no second refund (the amount refunded did not grow), so nothing more is credited.
    const notes = await pool.query(`select count(*)::int as n from events where type = 'CreditNoteIssued' and data->>'invoiceNumber' = $1`, [number]);
    expect(notes.rows[0].n).toBe(1);
  });
});

describe("a renewal's refund", () => {
  type Charge = { id: string; kind: string; status: string; documents: { kind: string; number: string; totalCents: number }[] };
  const renewalIn = (h: { result?: { charges: Charge[] } }, invoiceId: string) => h.result?.charges.find((c) => c.id === invoiceId);
  const countOf = async (sql: string, params: unknown[]) => (await pool.query<{ n: number }>(sql, params)).rows[0]!.n;

  it('issues one credit note for the part refunded, against the renewal’s invoice, however often Stripe delivers it', async () => {
    const cookie = await signUpOverHttp(site, 'renewal-refund@example.com');
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
    const dashboard = await eventually(
      () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
      (d) => d.result?.licenses[0]?.subscription?.status === 'active',
    );
    const subscriptionId = String(dashboard.result.licenses[0].subscription.subscriptionId);

    // "Renew now" on the emulator's dev page: the customer's test clock runs to the period's end, and Stripe renews.
    const renewed = await fetch(`${site.url}/_stripe/dev/subscriptions/${subscriptionId}/renew`, {
      method: 'POST',
      headers: { accept: 'application/json', origin: site.url },
    });
    expect(renewed.status).toBe(200);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.test_clock).toEqual(expect.any(String));
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 900 });
    const invoiced = await eventually(
      () => history(cookie),
      (h) => renewalIn(h, invoice.id!)?.documents.length === 1,
    );
    const invoiceNumber = renewalIn(invoiced, invoice.id!)!.documents[0]!.number;

    // The charge names no invoice (API 2025-03-31 on); its payment intent's invoice payment does.
    const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.id! })).data;
    await stripe.refunds.create({ payment_intent: String(payment!.payment.payment_intent), amount: 300 });
    const refunded = await eventually(
      () => history(cookie),
      (h) => renewalIn(h, invoice.id!)?.documents.length === 2,
    );
    const renewal = renewalIn(refunded, invoice.id!)!;
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'partially_refunded' });
    expect(renewal.documents[1]).toMatchObject({ kind: 'credit_note', totalCents: 300 });
    const note = (await document(renewal.documents[1]!.number, cookie)).result;
    expect(note).toMatchObject({ kind: 'credit_note', invoiceNumber, reason: 'refund', totalCents: 300 });
    // The checkout's own charge is untouched.
    expect(refunded.result.charges.find((c: Charge) => c.kind === 'purchase')).toMatchObject({
      status: 'paid',
      documents: [expect.objectContaining({ kind: 'invoice' })],
    });

    // Stripe delivers the refund again, under another event id: still one refund recorded, one note.
    const { rows } = await pool.query<{ payload: Record<string, unknown> }>(
      `select payload from stripe_webhook_events where type = 'charge.refunded' and payload->'data'->'object'->>'payment_intent' = $1`,
      [String(payment!.payment.payment_intent)],
    );
    expect(rows).toHaveLength(1);
    const again = `evt_again_${Date.now()}`;
    expect(await deliver({ ...rows[0]!.payload, id: again })).toBe(200);
    await eventually(
      () => countOf(`select count(*)::int as n from stripe_webhook_events where stripe_event_id = $1 and handled_at is not null`, [again]),
      (n) => n === 1,
    );
    expect(await countOf(`select count(*)::int as n from events where type = 'SubscriptionInvoiceRefunded' and data->>'invoiceId' = $1`, [invoice.id])).toBe(1);
    expect(await countOf(`select count(*)::int as n from events where type = 'CreditNoteIssued' and data->>'invoiceNumber' = $1`, [invoiceNumber])).toBe(1);

    // The subscription's first invoice is its checkout's charge: refunded in full, the checkout's invoice is credited.
    const first = (await stripe.invoices.list({ subscription: subscriptionId, limit: 10 })).data.find((i) => i.billing_reason === 'subscription_create')!;
    // Listed by payment intent, only that intent's payments come back.
    expect((await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: 'pi_paid_nothing' } })).data).toEqual([]);
    const [paidFirst] = (await stripe.invoicePayments.list({ invoice: first.id! })).data;
    await stripe.refunds.create({ payment_intent: String(paidFirst!.payment.payment_intent) });
    const creditedFirst = await eventually(
      () => history(cookie),
      (h) => h.result?.charges.find((c: Charge) => c.kind === 'purchase')?.documents.length === 2,
    );
    expect(creditedFirst.result.charges.find((c: Charge) => c.kind === 'purchase')).toMatchObject({
      status: 'refunded',
      documents: [expect.objectContaining({ kind: 'invoice' }), expect.objectContaining({ kind: 'credit_note', totalCents: 900 })],
    });
    expect(renewalIn(creditedFirst, invoice.id!)).toMatchObject({ status: 'partially_refunded', documents: renewal.documents });
  }, 60_000);
});
