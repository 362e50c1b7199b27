import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { PurchaseRefunded, purchaseEvents } from '../../../backend/src/modules/checkout/checkout.events';
import { generateLicenseKey, licenseKeyHash } from '../../../backend/src/modules/licenses/license-key';
import { metadata } from '../../support/test-events';
import { startTestApi, type TestApi } from '../../support/test-api';
import { adminSession } from '../../support/site-client';

const ADMIN_TOKEN = 'integration-admin-token-0123456789';
let api: TestApi;
let pool: Pool;
let cookie: string;

beforeAll(async () => {
  api = await startTestApi({ env: { ADMIN_TOKEN } });
  pool = new Pool({ connectionString: api.config.DATABASE_URL, max: 2 });
  cookie = await adminSession(api.url, ADMIN_TOKEN);
});
afterAll(async () => {
  await pool.end();
  await api.close();
});

async function search(query: unknown, options: { cookie?: string } = { cookie: '' }) {
  const response = await fetch(`${api.url}/_serverFn/searchCustomers?payload=${encodeURIComponent(JSON.stringify({ query }))}`, {
    headers: options.cookie === undefined ? { cookie } : options.cookie ? { cookie: options.cookie } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const found = async (query: string) => (await search(query, { cookie: undefined })).body.result.results as { userId: string; matched: string }[];

describe('finding a customer, as an administrator', () => {
  let customer: Awaited<ReturnType<typeof seedCustomer>>;
  beforeAll(async () => {
    customer = await seedCustomer();
  });

  it('finds them by a pasted license key however it is spelled', async () => {
    const compact = customer.key.replace(/-/g, '').toLowerCase();
    const spaced = `  ${compact.match(/.{1,4}/g)!.join(' ')}\n`;
    for (const query of [customer.key, compact, spaced, ` ${customer.key.toLowerCase()} `]) {
      expect(await found(query)).toEqual([expect.objectContaining({ userId: customer.userId, matched: 'license key', plan: 'pro', email: customer.email })]);
    }
  });

  it.each([
    ['email prefix', () => customer.email.slice(0, 12).toUpperCase(), 'email'],
    ['name fragment', () => customer.name.split(' ')[1]!.toLowerCase(), 'name'],
    ['seat holder email', () => customer.seatEmail, 'seat holder email'],
    ['pasted seat key', () => customer.seatKey.toLowerCase(), 'seat key'],
    ['user id', () => customer.userId, 'user id'],
    ['Stripe customer', () => customer.customerId, 'Stripe customer'],
    ['Checkout Session', () => customer.sessionId, 'Checkout Session'],
    ['payment intent', () => customer.paymentIntentId, 'payment'],
    ['booking id', () => customer.bookingId, 'booking'],
  ])('finds them by %s', async (_kind, query, matched) => {
    expect(await found(query())).toContainEqual(expect.objectContaining({ userId: customer.userId, matched }));
  });

  it('finds nobody for a key that names no license, or a charge never refunded or disputed', async () => {
    expect(await found(generateLicenseKey())).toEqual([]);
    expect(await found(`ch_${randomUUID().replace(/-/g, '')}`)).toEqual([]);
  });

  it('finds them by a disputed charge', async () => {
    const chargeId = `ch_${randomUUID().replace(/-/g, '')}`;
    await pool.query(
      `insert into rm_disputes (dispute_id, charge_id, user_id, amount_cents, currency, reason, status, opened_at)
       values ($1, $2, $3, 1000, 'usd', 'fraudulent', 'needs_response', now())`,
      [`dp_${randomUUID().replace(/-/g, '')}`, chargeId, customer.userId],
    );
    expect(await found(chargeId)).toEqual([expect.objectContaining({ userId: customer.userId, matched: 'charge' })]);
  });

  it('finds them by a refunded charge', async () => {
    const chargeId = `ch_${randomUUID().replace(/-/g, '')}`;
    const store = new EventStore(pool, new EventRegistry().register(...purchaseEvents));
    const refund = PurchaseRefunded({
      checkoutRef: `ref-${randomUUID()}`,
      userId: customer.userId,
      chargeId,
      amountRefundedCents: 500,
      full: false,
      at: new Date().toISOString(),
    });
    await store.append(`checkout-${randomUUID()}`, 'any', [refund], metadata());
    expect(await found(chargeId)).toEqual([expect.objectContaining({ userId: customer.userId, matched: 'charge' })]);
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await found('%')).toEqual([]);
  });

  it.each([
    ['a NUL', 'ada\u0000'],
    ['a lone surrogate', 'ada\ud800'],
    ['one character over the bound', 'a'.repeat(201)],
    ['nothing', '   '],
    ['a number', 42],
  ])('refuses %s with a 400 envelope', async (_what, query) => {
    const response = await search(query, { cookie: undefined });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.objectContaining({ code: expect.any(String) }));
  });
});

describe('100 KB of query', () => {
  it('is refused before the handler: too long for a URL, and a 4xx envelope in a body', async () => {
    const big = 'a'.repeat(100_000);
    expect((await search(big, { cookie: undefined })).status).toBe(431);
    const response = await fetch(`${api.url}/_serverFn/searchCustomers`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({ query: big }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toEqual(expect.any(String));
  });
});

describe('someone who is not an administrator', () => {
  it('gets 403, with no cookie or a forged one', async () => {
    expect((await search('ada')).status).toBe(403);
    expect((await search('ada', { cookie: 'sculpt_admin=forged' })).status).toBe(403);
  });
});

async function seedCustomer() {
  const id = randomUUID().replace(/-/g, '');
  const userId = `user_${id}`;
  const email = `zz${id.slice(0, 10)}@example.com`;
  const name = `Ada Q${id.slice(0, 8)}`;
  const key = generateLicenseKey();
  const seatKey = generateLicenseKey();
  const seatEmail = `seat-${id.slice(0, 10)}@example.com`;
  const customerId = `cus_${id}`;
  const sessionId = `cs_test_${id}`;
  const paymentIntentId = `pi_${id}`;
  const bookingId = `booking-${id}`;
  const licenseId = `lic-${id}`;
  await pool.query('insert into rm_customer_directory (user_id, email, name, updated_at) values ($1, $2, $3, now())', [userId, email, name]);
  await pool.query(
    `insert into rm_licenses (license_id, user_id, resource_id, plan, kind, status, key_sealed, key_hash, key_hint, seats, devices_per_seat,
       included_credits_per_month, granted_at) values ($1, $2, 'res', 'pro', 'plugin', 'active', 'sealed', $3, 'hint', 1, 2, 0, now())`,
    [licenseId, userId, licenseKeyHash(key)],
  );
  await pool.query(
    `insert into rm_seats (license_id, email, seat_key_sealed, seat_key_hash, seat_key_hint, added_at) values ($1, $2, 'sealed', $3, 'hint', now())`,
    [licenseId, seatEmail, licenseKeyHash(seatKey)],
  );
  await pool.query('insert into rm_customers (user_id, customer_id) values ($1, $2)', [userId, customerId]);
  await pool.query(
    `insert into rm_purchases (checkout_ref, checkout_session_id, user_id, resource_id, title, quantity, amount_cents, currency, status, payment_intent_id, completed_at)
     values ($1, $2, $3, 'res', 'Plugin', 1, 1000, 'usd', 'paid', $4, now())`,
    [`ref-${id}`, sessionId, userId, paymentIntentId],
  );
  await pool.query(
    `insert into rm_session_bookings (booking_id, host_user_id, customer_user_id, session_type_id, session_title, minutes, host_name, customer_time_zone,
       checkout_ref, amount_cents, currency, start_at, end_at, status, created_at, updated_at)
     values ($1, 'host', $2, 'intro', 'Intro', 30, 'Host', 'UTC', $3, 0, 'usd', now(), now(), 'confirmed', now(), now())`,
    [bookingId, userId, `bref-${id}`],
  );
  return { userId, email, name, key, seatKey, seatEmail, customerId, sessionId, paymentIntentId, bookingId };
}
