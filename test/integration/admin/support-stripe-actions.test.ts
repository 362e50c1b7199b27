import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';

/**
 * Support actions on a paying customer, end to end: license actions, and refunds and a
 * cancellation that the worker sends to Stripe. For refunds: the action recorded, the worker's refund at the Stripe
 * emulator (idempotency key from the action id), the charge.refunded webhook that follows, and
 * what the customer keeps: a partial refund leaves access, refunding the rest takes it back.
 */
const ADMIN_TOKEN = 'integration-support-refunds-token-0123';
const SUPPORT = 'refund-support@example.com';
const BUYER = 'refund-buyer@example.com';
const HOST = 'support-host@example.com';
let site: SiteServer;
let pool: Pool;
let owner: string;
let support: string;
let userId: string;
let checkoutRef: string;
let amountCents: number;

beforeAll(async () => {
  site = await startAddressableSite('support-refunds', { ADMIN_TOKEN, LOCAL_SUPPORT_EMAILS: SUPPORT, LOCAL_ADMIN_EMAILS: HOST });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  const response = await fetch(`${site.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token: ADMIN_TOKEN }), redirect: 'manual' });
  owner = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  support = await signUpOverHttp(site, SUPPORT, 'Sam Support');
  const buyer = await signUpOverHttp(site, BUYER);
  userId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [BUYER])).rows[0]!.id;
  const opened = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie: buyer });
  expect((await chooseOnHostedCheckout(opened.result.url, 'pay')).status).toBe(303);
  const purchase = await eventually(
    () => pool.query<{ checkout_ref: string; amount_cents: number }>(`select checkout_ref, amount_cents from rm_purchases where user_id = $1`, [userId]),
    (r) => r.rows.length === 1,
    30_000,
  );
  ({ checkout_ref: checkoutRef, amount_cents: amountCents } = purchase.rows[0]!);
  await eventually(licenseStatus, (status) => status === 'active');
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

async function licenseStatus(): Promise<string | undefined> {
  return (await pool.query<{ status: string }>('select status from rm_licenses where user_id = $1', [userId])).rows[0]?.status;
}
const purchaseRow = async () =>
  (await pool.query<{ status: string; refunded_cents: number }>('select status, refunded_cents from rm_purchases where checkout_ref = $1', [checkoutRef]))
    .rows[0]!;
const audited = async (actionId: string) =>
  (await pool.query<{ status: string; outcome: string | null }>('select status, outcome from rm_support_audit where action_id = $1', [actionId])).rows[0];
const refund = (cookie: string, actionId: string, amount: number) =>
  callFn(
    site.url,
    'takeSupportAction',
    { actionId, kind: 'refund', userId, reason: 'Asked within 30 days', details: { checkoutRef, amount, currency: 'usd' } },
    { cookie },
  );

describe('a support admin', () => {
  it('may not refund (admin.owner_only)', async () => {
    const answer = await refund(support, randomUUID(), 100);
    expect([answer.status, answer.error?.code]).toEqual([403, 'admin.owner_only']);
  });
});

describe('license actions before any refund', () => {
  const licenseId = async () =>
    (await pool.query<{ license_id: string }>('select license_id from rm_licenses where user_id = $1', [userId])).rows[0]!.license_id;
  const act = (cookie: string, kind: string, details: Record<string, unknown>) =>
    callFn(site.url, 'takeSupportAction', { actionId: randomUUID(), kind, userId, reason: 'Customer asked by email', details }, { cookie });

  it('lets support resend the license key email, sent as caused by the action', async () => {
    const answer = await act(support, 'resend_license_email', { licenseId: await licenseId() });
    expect(answer.result).toEqual(expect.objectContaining({ status: 'done', outcome: `License key email sent to ${BUYER}` }));
    const recorded = await pool.query<{ position: string }>("select position::text from events where stream_id = $1 and type = 'SupportActionRecorded'", [
      `support-action-${answer.result.actionId}`,
    ]);
    const sent = await eventually(
      () =>
        pool.query(`select 1 from email_deliveries where to_address = $1 and kind = 'license-key' and causation_id = $2`, [
          BUYER,
          `event:${recorded.rows[0]!.position}`,
        ]),
      (r) => r.rowCount === 1,
    );
    expect(sent.rowCount).toBe(1);
  });

  it('refuses an extension to support, to a past date, and of a lifetime license, which must not be given an end', async () => {
    const until = '2031-01-31T23:59:59.000Z';
    expect((await act(support, 'extend_license', { licenseId: await licenseId(), until })).error?.code).toBe('admin.owner_only');
    const past = await act(owner, 'extend_license', { licenseId: await licenseId(), until: '2020-01-01T00:00:00.000Z' });
    expect([past.status, past.error?.code]).toEqual([400, 'admin.extend_to_past']);
    const offset = await act(owner, 'extend_license', { licenseId: await licenseId(), until: '2031-01-31T23:59:59+02:00' });
    expect([offset.status, offset.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
    const lifetime = await act(owner, 'extend_license', { licenseId: await licenseId(), until });
    expect([lifetime.status, lifetime.error?.code]).toEqual([400, 'admin.extend_lifetime']);
    const row = await pool.query<{ valid_until: Date | null; status: string }>('select valid_until, status from rm_licenses where user_id = $1', [userId]);
    expect(row.rows[0]).toEqual({ valid_until: null, status: 'active' });
  });
});

describe('an owner refunding part of a purchase, then the rest', () => {
  const partial = randomUUID();

  it('refunds the part once, however often the form is sent, and the customer keeps access', async () => {
    const first = await refund(owner, partial, 500);
    expect(first.result).toEqual({ actionId: partial, kind: 'refund', status: 'pending', outcome: null, repeated: false });
    const again = await refund(owner, partial, 500);
    expect(again.result).toEqual(expect.objectContaining({ actionId: partial, repeated: true }));

    const settled = await eventually(
      () => audited(partial),
      (row) => row?.status === 'completed',
      30_000,
    );
    expect(settled!.outcome).toMatch(/^Refunded 5\.00 USD \(re_/);
    const row = await eventually(purchaseRow, (r) => r.refunded_cents === 500, 30_000);
    expect(row.status).toBe('partially_refunded');
    expect(await licenseStatus()).toBe('active');

    // One refund at Stripe, one recorded action, one completion.
    const events = await pool.query<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`support-action-${partial}`]);
    expect(events.rows.map((e) => e.type)).toEqual(['SupportActionRecorded', 'SupportActionCompleted']);
    const refunds = await pool.query(`select 1 from events where type = 'PurchaseRefunded' and data->>'checkoutRef' = $1`, [checkoutRef]);
    expect(refunds.rowCount).toBe(1);
  });

  it('answers the first outcome to a retry after it settled', async () => {
    expect((await refund(owner, partial, 500)).result).toEqual(expect.objectContaining({ status: 'completed', repeated: true }));
  });

  it('refuses more than is left, before recording anything', async () => {
    const answer = await refund(owner, randomUUID(), amountCents);
    expect([answer.status, answer.error?.code]).toEqual([400, 'admin.refund_too_large']);
  });

  it('refuses a refund in another currency than the payment’s, recording and sending nothing', async () => {
    const actionId = randomUUID();
    const answer = await callFn(
      site.url,
      'takeSupportAction',
      { actionId, kind: 'refund', userId, reason: 'Asked within 30 days', details: { checkoutRef, amount: 100, currency: 'eur' } },
      { cookie: owner },
    );
    expect([answer.status, answer.error?.code]).toEqual([400, 'admin.refund_currency_mismatch']);
    expect(answer.error?.message).toBe('This payment was made in USD; a refund of it is in USD too, not EUR.');
    expect((await pool.query('select 1 from events where stream_id = $1', [`support-action-${actionId}`])).rowCount).toBe(0);
    expect(await audited(actionId)).toBeUndefined();
    expect((await purchaseRow()).refunded_cents).toBe(500);
  });

  it('takes access back when the rest is refunded', async () => {
    const rest = randomUUID();
    expect((await refund(owner, rest, amountCents - 500)).result?.status).toBe('pending');
    await eventually(
      () => audited(rest),
      (row) => row?.status === 'completed',
      30_000,
    );
    const row = await eventually(purchaseRow, (r) => r.status === 'refunded', 30_000);
    expect(row.refunded_cents).toBe(amountCents);
    expect(await eventually(licenseStatus, (status) => status === 'revoked', 30_000)).toBe('revoked');
  });

  it('refuses to revoke or extend a license already revoked', async () => {
    const licenseId = (await pool.query<{ license_id: string }>('select license_id from rm_licenses where user_id = $1', [userId])).rows[0]!.license_id;
    const answer = await callFn(
      site.url,
      'takeSupportAction',
      { actionId: randomUUID(), kind: 'revoke_license', userId, reason: 'Again', details: { licenseId } },
      { cookie: owner },
    );
    expect([answer.status, answer.error?.code]).toEqual([404, 'admin.action_target_not_found']);
  });

  it('records a refund Stripe refuses as failed', async () => {
    // Stripe has refunded the whole charge; the read model is set back so the action passes its own
    // check and reaches Stripe, as it would when a refund made in Stripe's dashboard is not yet recorded.
    const failing = randomUUID();
    await pool.query(`update rm_purchases set refunded_cents = 0 where checkout_ref = $1`, [checkoutRef]);
    expect((await refund(owner, failing, 100)).result?.status).toBe('pending');
    const settled = await eventually(
      () => audited(failing),
      (row) => row?.status === 'failed',
      30_000,
    );
    expect(settled!.outcome).toMatch(/refunded/i);
  });
});

describe('an owner cancelling a subscription', () => {
  it('cancels it at Stripe once, and the webhook that follows ends it and its license', async () => {
    const email = 'cancel-me@example.com';
    const cookie = await signUpOverHttp(site, email);
    const subscriber = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email])).rows[0]!.id;
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie });
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
    const subscription = await eventually(
      () => pool.query<{ subscription_id: string }>(`select subscription_id from rm_subscriptions where user_id = $1 and status = 'active'`, [subscriber]),
      (r) => r.rows.length === 1,
      30_000,
    );
    const subscriptionId = subscription.rows[0]!.subscription_id;
    const action = (actionId: string, as: string) =>
      callFn(
        site.url,
        'takeSupportAction',
        { actionId, kind: 'cancel_subscription', userId: subscriber, reason: 'Renewal surprised them', details: { subscriptionId } },
        { cookie: as },
      );
    expect((await action(randomUUID(), support)).error?.code).toBe('admin.owner_only');

    const actionId = randomUUID();
    expect((await action(actionId, owner)).result?.status).toBe('pending');
    expect((await action(actionId, owner)).result?.repeated).toBe(true);
    const settled = await eventually(
      () => audited(actionId),
      (row) => row?.status === 'completed',
      30_000,
    );
    expect(settled!.outcome).toBe(`Subscription ${subscriptionId} cancelled`);
    await eventually(
      () => pool.query<{ status: string }>('select status from rm_subscriptions where subscription_id = $1', [subscriptionId]),
      (r) => r.rows[0]?.status === 'cancelled',
      30_000,
    );
    const license = await eventually(
      () => pool.query<{ status: string }>('select status from rm_licenses where subscription_id = $1', [subscriptionId]),
      (r) => r.rows[0]?.status === 'ended',
      30_000,
    );
    expect(license.rows[0]!.status).toBe('ended');
    const deleted = await pool.query(
      `select 1 from stripe_webhook_events where type = 'customer.subscription.deleted' and payload->'data'->'object'->>'id' = $1`,
      [subscriptionId],
    );
    expect(deleted.rowCount).toBe(1);
  });
});

describe('an owner cancelling booked sessions', () => {
  const allDay = [{ start: '00:00', end: '24:00' }];
  const schedule = {
    timeZone: 'UTC',
    weekly: { '1': allDay, '2': allDay, '3': allDay, '4': allDay, '5': allDay, '6': allDay, '7': allDay },
    overrides: {},
    bufferMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 14,
    meetingUrl: 'https://meet.example.com/support',
  };
  let customer: string;
  let customerId: string;
  let hostUserId: string;

  beforeAll(async () => {
    const host = await signUpOverHttp(site, HOST, 'Hana Host');
    expect((await callFn(site.url, 'saveHostAvailability', { schedule }, { cookie: host })).result).toMatchObject({ saved: true });
    hostUserId = (await pool.query<{ host_user_id: string }>('select host_user_id from rm_host_availability')).rows[0]!.host_user_id;
    customer = await signUpOverHttp(site, 'booked@example.com', 'Bo Booker');
    customerId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', ['booked@example.com'])).rows[0]!.id;
  }, 60_000);

  /** A confirmed, paid booking starting `hours` from now (on the hour). */
  async function booked(hours: number): Promise<string> {
    const date = new Date(Date.now() + hours * 3_600_000);
    date.setUTCMinutes(0, 0, 0);
    const start = date.toISOString();
    const started = await callFn(site.url, 'bookSession', { sessionTypeId: 'setup-session-30', hostUserId, start, timeZone: 'UTC' }, { cookie: customer });
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
    const row = await eventually(
      () =>
        pool.query<{ booking_id: string; status: string }>('select booking_id, status from rm_session_bookings where customer_user_id = $1 and start_at = $2', [
          customerId,
          start,
        ]),
      (r) => r.rows[0]?.status === 'confirmed',
      30_000,
    );
    return row.rows[0]!.booking_id;
  }
  const cancel = (bookingId: string, onBehalfOf: 'customer' | 'us', actionId = randomUUID(), as = owner) =>
    callFn(
      site.url,
      'takeSupportAction',
      { actionId, kind: 'cancel_booking', userId: customerId, reason: 'Asked by phone', details: { bookingId, onBehalfOf } },
      { cookie: as },
    );
  const bookingRow = async (bookingId: string) =>
    (await pool.query<{ status: string; refund: string | null }>('select status, refund from rm_session_bookings where booking_id = $1', [bookingId])).rows[0];

  it('at the customer’s request with more than 24 hours’ notice: cancelled with a full refund, once', async () => {
    const bookingId = await booked(72);
    expect((await cancel(bookingId, 'customer', randomUUID(), support)).error?.code).toBe('admin.owner_only');
    const actionId = randomUUID();
    const first = await cancel(bookingId, 'customer', actionId);
    expect(first.result).toEqual(expect.objectContaining({ status: 'done', outcome: 'Booking cancelled with a full refund' }));
    expect((await cancel(bookingId, 'customer', actionId)).result).toEqual({ ...first.result, repeated: true });
    expect(await bookingRow(bookingId)).toEqual({ status: 'cancelled', refund: 'full' });
    const recorded = await pool.query<{ position: string }>("select position::text from events where stream_id = $1 and type = 'SupportActionRecorded'", [
      `support-action-${actionId}`,
    ]);
    const cancelled = await pool.query(`select metadata from events where type = 'BookingCancelled' and data->>'bookingId' = $1`, [bookingId]);
    expect(cancelled.rows.map((r) => r.metadata.causationId)).toEqual([`event:${recorded.rows[0]!.position}`]);
  });

  it('at the customer’s request with less notice: cancelled without a refund; called off by us: refunded in full', async () => {
    const soon = await booked(3);
    expect((await cancel(soon, 'customer')).result?.outcome).toBe("Booking cancelled without a refund (less than 24 hours' notice)");
    expect(await bookingRow(soon)).toEqual({ status: 'cancelled', refund: 'none' });
    const ours = await booked(4);
    expect((await cancel(ours, 'us')).result?.outcome).toBe('Booking cancelled with a full refund');
    expect((await cancel(ours, 'us')).error?.code).toBe('admin.action_target_not_found');
  });
});
