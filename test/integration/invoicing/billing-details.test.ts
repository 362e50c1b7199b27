import { Pool } from 'pg';
import type Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

let site: SiteServer;
let stripe: Stripe;
let pool: Pool;

beforeAll(async () => {
  // The emulator's seller is in Ireland (STRIPE_EMULATOR_TAX_ORIGIN's default): a German business is abroad.
  site = await startAddressableSite('billing-details', { SELLER_NAME: 'SystemSculpt Test Ltd', SELLER_ADDRESS: '1 Example Street|Dublin|Ireland' });
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const BERLIN = { country: 'DE', line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115' };
const details = (changes: Record<string, string> = {}) => ({
  name: 'Erika Mustermann',
  businessName: '',
  line1: 'Hauptstraße 1',
  line2: '',
  city: 'Berlin',
  postalCode: '10115',
  state: '',
  country: 'DE',
  taxId: '',
  ...changes,
});

const history = (cookie: string) => callFn(site.url, 'getBillingHistory', {}, { cookie, method: 'GET' });
const document = (number: string, cookie: string) => callFn(site.url, 'getBillingDocument', { number }, { cookie, method: 'GET' });
const save = (cookie: string, input: Record<string, string>) => callFn(site.url, 'updateBillingDetails', input, { cookie });

/** A German consumer buys Lifetime (19% VAT), or another resource: their cookie, the checkout's session and its invoice. */
async function germanPurchase(email: string, resourceId = 'lifetime-license') {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay', BERLIN);
  const answer = await eventually(
    () => history(cookie),
    (h) => h.result?.charges[0]?.documents.length === 1,
  );
  const invoice = (await document(answer.result.charges[0].documents[0].number, cookie)).result;
  const session = await stripe.checkout.sessions.retrieve(new URL(started.result.url).pathname.split('/').pop()!);
  return { cookie, invoice, session, paymentIntent: String(session.payment_intent) };
}

/** The charge's documents once `count` are issued, each read in full. */
async function documentsOf(cookie: string, count: number) {
  const answer = await eventually(
    () => history(cookie),
    (h) => h.result?.charges[0]?.documents.length === count,
  );
  return Promise.all(answer.result.charges[0].documents.map(async (link: { number: string }) => (await document(link.number, cookie)).result));
}

const refundedOn = async (paymentIntent: string) => {
  const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
  return (intent.latest_charge as Stripe.Charge).amount_refunded;
};

/** Waits until every reactor has read the log to its end: what they would do is done. */
async function reactorsCaughtUp(): Promise<void> {
  const { rows } = await pool.query<{ position: string }>('select max(position)::text as position from events');
  await eventually(
    () =>
      pool.query<{ behind: number }>(`select count(*)::int as behind from projector_checkpoints where name like '%Reactor' and position < $1`, [
        rows[0]!.position,
      ]),
    (r) => r.rows[0]!.behind === 0,
  );
}

describe('billing details given after the purchase', () => {
  it('a correction (a business name added) issues a credit note and a new invoice with the same amounts; saving the same again issues nothing', async () => {
    const { cookie, invoice } = await germanPurchase('details-correction@example.com');
    expect(invoice).toMatchObject({ taxCents: Math.round(invoice.subtotalCents * 0.19), reverseCharge: false, buyer: { businessName: null } });

    const saved = await save(cookie, details({ businessName: 'Beispiel GmbH' }));
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ changed: true, reissued: 1, vatReturned: 0, taxIdStatus: 'none' });

    const [first, note, corrected] = await documentsOf(cookie, 3);
    expect(first.number).toBe(invoice.number);
    expect(note).toMatchObject({
      kind: 'credit_note',
      reason: 'correction',
      invoiceNumber: invoice.number,
      totalCents: invoice.totalCents,
      taxCents: invoice.taxCents,
    });
    expect(corrected).toMatchObject({
      kind: 'invoice',
      subtotalCents: invoice.subtotalCents,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      reverseCharge: false,
      buyer: { businessName: 'Beispiel GmbH', address: { country: 'DE', city: 'Berlin' } },
    });
    const { rows } = await pool.query(`select data->>'replaces' as replaces from events where type = 'InvoiceIssued' and data->>'number' = $1`, [
      corrected.number,
    ]);
    expect(rows[0].replaces).toBe(invoice.number);

    expect((await save(cookie, details({ businessName: 'Beispiel GmbH' }))).result).toMatchObject({ changed: false, reissued: 0 });
    await reactorsCaughtUp();
    expect((await history(cookie)).result.charges[0].documents).toHaveLength(3);
  });

  it('a valid EU VAT number added within 30 days returns the VAT once: a reverse-charge credit note, an invoice without VAT, one refund', async () => {
    const { cookie, invoice, paymentIntent } = await germanPurchase('details-vat@example.com');
    expect(invoice.taxCents).toBeGreaterThan(0);
    const saved = await save(cookie, details({ businessName: 'Beispiel GmbH', taxId: 'DE 111 111 111' }));
    expect(saved.result).toMatchObject({ changed: true, reissued: 1, vatReturned: 1, taxIdStatus: 'verified' });
    expect(saved.result.details.taxIds).toEqual([{ type: 'eu_vat', value: 'DE111111111', verified: true }]);

    const [, note, reissued] = await documentsOf(cookie, 3);
    expect(note).toMatchObject({ reason: 'reverse_charge', invoiceNumber: invoice.number, totalCents: invoice.totalCents, taxCents: invoice.taxCents });
    expect(reissued).toMatchObject({
      kind: 'invoice',
      subtotalCents: invoice.subtotalCents,
      taxCents: 0,
      totalCents: invoice.subtotalCents,
      reverseCharge: true,
      buyer: { businessName: 'Beispiel GmbH', taxIds: [{ value: 'DE111111111', verified: true }] },
    });
    expect(reissued.rateTotals).toEqual([expect.objectContaining({ country: 'DE', percentage: 0, taxCents: 0, netCents: invoice.subtotalCents })]);
    await eventually(
      () => refundedOn(paymentIntent),
      (refunded) => refunded === invoice.taxCents,
    );
    // Stripe's charge.refunded for the VAT comes back as a refund of the purchase: it credits nothing more.
    await eventually(
      () => history(cookie),
      (h) => h.result?.charges[0]?.status === 'partially_refunded',
    );
    await reactorsCaughtUp();

    // Another change (a new address) corrects the new invoice; the VAT is not returned again.
    const moved = await save(cookie, details({ businessName: 'Beispiel GmbH', taxId: 'DE111111111', line1: 'Unter den Linden 5' }));
    expect(moved.result).toMatchObject({ changed: true, reissued: 1, vatReturned: 0 });
    const documents = await documentsOf(cookie, 5);
    expect(documents[3]).toMatchObject({ reason: 'correction', invoiceNumber: reissued.number, taxCents: 0, totalCents: invoice.subtotalCents });
    expect(documents[4]).toMatchObject({ taxCents: 0, reverseCharge: true, buyer: { address: { line1: 'Unter den Linden 5' } } });
    await reactorsCaughtUp();
    expect(await refundedOn(paymentIntent)).toBe(invoice.taxCents);
    const charge = await pool.query(`select data->'charge'->>'id' as id from events where type = 'InvoiceIssued' and data->>'number' = $1`, [invoice.number]);
    const notes = await pool.query(`select data->>'reason' as reason from events where type = 'CreditNoteIssued' and data->'charge'->>'id' = $1`, [
      charge.rows[0].id,
    ]);
    expect(notes.rows.map((r) => r.reason).sort()).toEqual(['correction', 'reverse_charge']);
  });

  it("a subscription's first charge gets its VAT back too, on the payment of the subscription's first invoice", async () => {
    const { cookie, invoice, session } = await germanPurchase('details-subscriber@example.com', 'starter-monthly');
    expect(invoice.taxCents).toBeGreaterThan(0);
    const first = await eventually(
      () => stripe.invoices.list({ customer: String(session.customer), limit: 10 }),
      (list) => list.data.length === 1,
    );
    const [payment] = (await stripe.invoicePayments.list({ invoice: first.data[0]!.id, status: 'paid', limit: 1 })).data;
    const paymentIntent = String(payment!.payment.payment_intent);

    const saved = await save(cookie, details({ businessName: 'Beispiel GmbH', taxId: 'DE111111111' }));
    expect(saved.result).toMatchObject({ changed: true, reissued: 1, vatReturned: 1 });
    const [, note, reissued] = await documentsOf(cookie, 3);
    expect(note).toMatchObject({ reason: 'reverse_charge', taxCents: invoice.taxCents });
    expect(reissued).toMatchObject({ taxCents: 0, reverseCharge: true });
    await eventually(
      () => refundedOn(paymentIntent),
      (refunded) => refunded === invoice.taxCents,
    );
  });

  it('refuses a number the register does not know or of the wrong shape, with a 422 and nothing changed', async () => {
    const { cookie } = await germanPurchase('details-refused@example.com');
    expect(await save(cookie, details({ taxId: 'DE000000000' }))).toMatchObject({ status: 422, error: { code: 'billing.tax_id_unverified' } });
    expect(await save(cookie, details({ taxId: 'DE12' }))).toMatchObject({ status: 422, error: { code: 'billing.tax_id_invalid' } });
    expect(await save(cookie, details({ country: 'US', state: 'TX', taxId: '123' }))).toMatchObject({
      status: 422,
      error: { code: 'billing.tax_id_unsupported' },
    });
    expect(await save(cookie, details({ line1: '' }))).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED' } });
    const { rows } = await pool.query(`select count(*)::int as n from events where type = 'BillingDetailsChanged' and data->>'userId' = (
      select data->>'userId' from events where type = 'InvoiceIssued' and data->>'buyerEmail' = 'details-refused@example.com' limit 1)`);
    expect(rows[0].n).toBe(0);
    expect((await callFn(site.url, 'getBillingDetails', {}, { cookie, method: 'GET' })).result).toMatchObject({
      details: { address: { country: 'DE', city: 'Berlin' }, taxIds: [] },
      taxIdStatus: 'none',
    });
  });
});
