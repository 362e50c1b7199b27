import { Pool } from 'pg';
import type { SiteServer } from '../../support/site-server';
import { chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';

/**
 * Every event says what caused it and which chain it belongs to (events/metadata-for.ts), read
 * back here from the events table as the support console's timeline will: a request's events
 * share its correlation id; a signed Stripe webhook's events name the Stripe event (the key of
 * its webhook log row); the emails that follow name the event that sent them.
 */
let site: SiteServer;
let pool: Pool;
beforeAll(async () => {
  site = await startAddressableSite('causation-chain');
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

interface EventRow {
  position: string;
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: { correlationId: string; causationId: string | null; actor: { kind: string; userId?: string } };
}

const eventsWhere = async (where: string, values: unknown[]) =>
  (await pool.query<EventRow>(`select position, stream_id, type, data, metadata from events where ${where} order by position`, values)).rows;

/** initiateCheckout over HTTP with the headers a caller chooses; returns the answer and its correlation and request ids. */
async function openCheckout(cookie: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}/_serverFn/initiateCheckout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: JSON.stringify({ resourceId: 'lifetime-license', quantity: 1 }),
  });
  const body = (await response.json()) as { result?: { outcome: string; url: string } };
  return { url: body.result!.url, correlationId: response.headers.get('x-correlation-id')!, requestId: response.headers.get('x-request-id')! };
}

/** The events one user's checkout request appended: its pending payment, and their Stripe customer the first time. */
const requestEvents = (userId: string) => eventsWhere(`type in ('PendingPaymentOpened', 'StripeCustomerLinked') and data->>'userId' = $1`, [userId]);

/** Signs up over HTTP; the cookie, and the user id events name them by (the local identity's). */
async function signUp(email: string): Promise<{ cookie: string; userId: string }> {
  const cookie = await signUpOverHttp(site, email);
  const { rows } = await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email]);
  return { cookie, userId: rows[0]!.id };
}

describe('a server function request', () => {
  it("gives every event it appends the request's id as correlation id, caused by no earlier event", async () => {
    const { cookie, userId } = await signUp('request-chain@example.com');
    const { correlationId, requestId } = await openCheckout(cookie);
    expect(correlationId).toBe(requestId);
    const events = await requestEvents(userId);
    expect(events.map((e) => e.type).sort()).toEqual(['PendingPaymentOpened', 'StripeCustomerLinked']);
    expect(new Set(events.map((e) => e.stream_id)).size).toBe(2);
    for (const event of events) expect(event.metadata).toEqual({ correlationId, causationId: null, actor: { kind: 'user', userId } });
  });

  it("keeps a caller's well-formed x-correlation-id, and refuses one that could pass for a Stripe event", async () => {
    const { cookie, userId } = await signUp('client-chain@example.com');
    const kept = await openCheckout(cookie, { 'x-correlation-id': 'client-flow-0001' });
    expect(kept.correlationId).toBe('client-flow-0001');
    expect((await requestEvents(userId)).map((e) => e.metadata.correlationId)).toEqual(['client-flow-0001', 'client-flow-0001']);

    const { cookie: other, userId: otherId } = await signUp('forged-chain@example.com');
    const refused = await openCheckout(other, { 'x-correlation-id': 'evt_1ForgedStripeEvent' });
    expect(refused.correlationId).toBe(refused.requestId);
    expect((await requestEvents(otherId)).map((e) => e.metadata.correlationId)).toEqual([refused.requestId, refused.requestId]);
  });
});

describe('a signed Stripe webhook, through fulfilment, to the emails', () => {
  it('records the purchase and the license as caused by the Stripe event, and each email as caused by its event', async () => {
    const email = 'chain-buyer@example.com';
    const { cookie, userId } = await signUp(email);
    const started = await openCheckout(cookie);
    const sessionId = new URL(started.url).pathname.split('/').pop()!;
    expect((await chooseOnHostedCheckout(started.url, 'pay')).status).toBe(303);

    // The Stripe event, as the webhook log kept it once its signature was checked and the worker handled it.
    const [stripeEvent] = (
      await eventually(
        () =>
          pool.query<{ stripe_event_id: string; outcome: string | null }>(
            `select stripe_event_id, outcome from stripe_webhook_events where type = 'checkout.session.completed' and payload->'data'->'object'->>'id' = $1`,
            [sessionId],
          ),
        (r) => r.rows[0]?.outcome === 'handled',
      )
    ).rows;
    const stripeEventId = stripeEvent!.stripe_event_id;
    expect(stripeEventId).toMatch(/^evt_/);

    // Fulfilment: the purchase, on the checkout's stream; the license, on its own.
    const [purchase] = await eventsWhere(`type = 'PurchaseCompleted' and data->>'checkoutSessionId' = $1`, [sessionId]);
    const [license] = await eventsWhere(`type = 'LicenseGranted' and data->>'userId' = $1`, [userId]);
    const byStripe = { correlationId: stripeEventId, causationId: stripeEventId, actor: { kind: 'stripe' } };
    expect(purchase!.metadata).toEqual(byStripe);
    expect(license!.metadata).toEqual(byStripe);
    expect(license!.stream_id).not.toBe(purchase!.stream_id);
    // Everything the Stripe event caused, and nothing else, carries its id as correlation.
    const chain = await eventsWhere(`metadata->>'correlationId' = $1`, [stripeEventId]);
    expect(chain.map((e) => e.type)).toEqual(expect.arrayContaining(['PurchaseCompleted', 'LicenseGranted', 'PendingPaymentSettled']));
    // What the webhook recorded is by Stripe; what a reactor recorded after (the invoice) names the event that caused it.
    for (const event of chain.filter((e) => e.type !== 'InvoiceIssued')) expect(event.metadata).toEqual(byStripe);
    for (const invoice of chain.filter((e) => e.type === 'InvoiceIssued'))
      expect(invoice.metadata).toMatchObject({ correlationId: stripeEventId, causationId: `event:${purchase!.position}`, actor: { kind: 'system' } });
    // The checkout was opened by the buyer's request, in another chain.
    const [opened] = await eventsWhere(`type = 'PendingPaymentOpened' and data->>'userId' = $1`, [userId]);
    expect(opened!.metadata.correlationId).toBe(started.correlationId);

    // The emails that followed: each names the event that sent it, in the Stripe event's chain.
    const deliveries = await eventually(
      async () =>
        (
          await pool.query<{ kind: string; causation_id: string; correlation_id: string }>(
            `select kind, causation_id, correlation_id from email_deliveries where to_address = $1 and kind in ('license-key', 'purchase-receipt') order by kind`,
            [email],
          )
        ).rows,
      (rows) => rows.some((r) => r.kind === 'license-key') && rows.some((r) => r.kind === 'purchase-receipt'),
    );
    expect(deliveries).toEqual([
      { kind: 'license-key', causation_id: `event:${license!.position}`, correlation_id: stripeEventId },
      { kind: 'purchase-receipt', causation_id: `event:${purchase!.position}`, correlation_id: stripeEventId },
    ]);
    // And the webhook log row is there to link to, by the id every step carries.
    const logged = await pool.query('select 1 from stripe_webhook_events where stripe_event_id = $1', [license!.metadata.causationId]);
    expect(logged.rowCount).toBe(1);
  }, 60_000);
});
