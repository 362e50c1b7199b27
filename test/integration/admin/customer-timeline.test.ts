import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { systemMetadata } from '../../../backend/src/events/metadata-for';
import { BookingConfirmed, bookingEvents, BookingRescheduled, hostCalendarStreamId, SlotHeld } from '../../../backend/src/modules/booking/booking.events';
import type { SiteServer } from '../../support/site-server';
import { chooseOnHostedCheckout, eventually, signInAdmin, signUpOverHttp, startAddressableSite, type AdminConsole } from '../../support/site-client';

/**
 * The support console's account page and timeline, for a history made through the real paths:
 * a sign-up, a checkout over HTTP, its payment on the emulator's hosted page, the signed webhook,
 * fulfilment, and the emails that followed.
 */
const ADMIN_TOKEN = 'integration-timeline-admin-token-0123';
let site: SiteServer;
let pool: Pool;
let admin: AdminConsole;

beforeAll(async () => {
  site = await startAddressableSite('customer-timeline', { ADMIN_TOKEN });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  admin = await signInAdmin(site.url, ADMIN_TOKEN);
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

interface Entry {
  position: string;
  type: string;
  streamId: string;
  recordedAt: string;
  summary: string;
  actor: string;
  cause: Record<string, unknown> | null;
  related: { type: string; position: string }[];
  emails: { kind: string }[];
  pluginChecks: { allowed: number; refused: number; first: string | null; last: string | null };
  metadata: Record<string, unknown>;
  data: Record<string, unknown>;
}

describe('a customer who bought a license, seen by an administrator', () => {
  const email = 'timeline-buyer@example.com';
  let userId: string;
  let stripeEventId: string;

  beforeAll(async () => {
    const buyer = await signUpOverHttp(site, email);
    userId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email])).rows[0]!.id;
    const opened = await fetch(`${site.url}/_serverFn/initiateCheckout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: buyer },
      body: JSON.stringify({ resourceId: 'lifetime-license', quantity: 1 }),
    });
    const { url } = ((await opened.json()) as { result: { url: string } }).result;
    expect((await chooseOnHostedCheckout(url, 'pay')).status).toBe(303);
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const logged = await eventually(
      () =>
        pool.query<{ stripe_event_id: string; outcome: string | null }>(
          `select stripe_event_id, outcome from stripe_webhook_events where type = 'checkout.session.completed' and payload->'data'->'object'->>'id' = $1`,
          [sessionId],
        ),
      (r) => r.rows[0]?.outcome === 'handled',
    );
    stripeEventId = logged.rows[0]!.stripe_event_id;
    await eventually(
      async () => (await pool.query(`select 1 from email_deliveries where to_address = $1 and kind in ('license-key', 'purchase-receipt')`, [email])).rowCount,
      (n) => n === 2,
    );
  }, 60_000);

  it('shows the account now: the plan, the license, the purchase, the emails sent', async () => {
    const account = await eventually(
      () => admin.result('getCustomerAccount', { userId }),
      (a) => a.licenses.length === 1 && a.purchases.length === 1 && a.email === email,
    );
    expect(account.plan).toEqual(expect.any(String));
    expect(account.licenses[0]).toEqual(expect.objectContaining({ status: 'active', seats: expect.any(Number), devices: [] }));
    expect(account.purchases[0]).toEqual(expect.objectContaining({ status: 'paid', refundedCents: 0 }));
    expect(account.emails.map((e: { kind: string }) => e.kind).sort()).toEqual(expect.arrayContaining(['license-key', 'purchase-receipt']));
    expect(account.pendingPayments).toEqual([]);
    expect(account.credits).toEqual({ included: expect.any(Number), packs: 0, balance: expect.any(Number) });
  });

  it('lists the events newest first, the purchase caused by the Stripe event and followed by its emails', async () => {
    const { entries, nextBefore } = await eventually(
      () => admin.result('getCustomerTimeline', { userId, limit: 100 }),
      (page) => page.entries.some((e: Entry) => e.type === 'LicenseGranted') && page.entries.some((e: Entry) => e.type === 'PurchaseCompleted'),
    );
    expect(nextBefore).toBeNull();
    const positions = entries.map((e: Entry) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    // Nothing but this account's streams.
    for (const entry of entries as Entry[]) expect(entry.streamId).toMatch(new RegExp(`^(customer-${userId}|checkout-|license-|credits-${userId})`));

    const purchase = (entries as Entry[]).find((e) => e.type === 'PurchaseCompleted')!;
    expect(purchase.cause).toEqual({ kind: 'stripe-event', stripeEventId, stripeType: 'checkout.session.completed' });
    expect(purchase.actor).toBe('stripe');
    expect(purchase.summary).toMatch(/^Purchase completed/);
    expect(purchase.emails.map((e) => e.kind)).toEqual(['purchase-receipt']);
    expect(purchase.related.map((r) => r.type)).toEqual(expect.arrayContaining(['LicenseGranted', 'PendingPaymentSettled']));
    expect(purchase.metadata).toEqual(expect.objectContaining({ correlationId: stripeEventId, causationId: stripeEventId }));

    const license = (entries as Entry[]).find((e) => e.type === 'LicenseGranted')!;
    expect(license.emails.map((e) => e.kind)).toEqual(['license-key']);
    expect(license.cause).toEqual(expect.objectContaining({ kind: 'stripe-event', stripeEventId }));

    // The checkout the buyer opened: caused by their request, not by an event.
    const opened = (entries as Entry[]).find((e) => e.type === 'PendingPaymentOpened')!;
    expect(opened.cause).toBeNull();
    expect(opened.actor).toBe(`user ${userId}`);
  });

  it("counts the plugin checks of the account's keys within an hour either side of each event, and no one else's", async () => {
    const all = (await admin.result('getCustomerTimeline', { userId, limit: 100 })).entries as Entry[];
    const granted = all.find((e) => e.type === 'LicenseGranted')!;
    expect(granted.pluginChecks).toEqual({ allowed: 0, refused: 0, first: null, last: null });
    const { rows } = await pool.query<{ license_id: string }>('select license_id from rm_licenses where user_id = $1', [userId]);
    const at = (minutes: number) => new Date(Date.parse(granted.recordedAt) + minutes * 60_000);
    const check = (licenseId: string, minutes: number, code: string) =>
      pool.query(`insert into license_validations (license_id, key_hint, checked_at, code, request_id) values ($1, 'AB12', $2, $3, $4)`, [
        licenseId,
        at(minutes),
        code,
        `req-${randomUUID()}`,
      ]);
    await check(rows[0]!.license_id, -50, 'allowed');
    await check(rows[0]!.license_id, 10, 'allowed');
    await check(rows[0]!.license_id, 40, 'license_rejected');
    await check(rows[0]!.license_id, 61, 'allowed');
    await check(`lic-someone-else-${randomUUID()}`, 5, 'allowed');

    const after = (await admin.result('getCustomerTimeline', { userId, limit: 100 })).entries as Entry[];
    expect(after.find((e) => e.type === 'LicenseGranted')!.pluginChecks).toEqual({
      allowed: 2,
      refused: 1,
      first: at(-50).toISOString(),
      last: at(40).toISOString(),
    });
  });

  it('pages backwards by position, the pages together being the whole timeline', async () => {
    const all = (await admin.result('getCustomerTimeline', { userId, limit: 100 })).entries as Entry[];
    expect(all.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let before: string | undefined;
    do {
      const page = await admin.result('getCustomerTimeline', { userId, limit: 2, ...(before ? { before } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e: Entry) => e.position));
      before = page.nextBefore ?? undefined;
    } while (before);
    expect(seen).toEqual(all.map((e) => e.position));
  });

  it('filters by kind and by time', async () => {
    const licenses = (await admin.result('getCustomerTimeline', { userId, kind: 'licenses' })).entries as Entry[];
    expect(licenses.map((e) => e.type)).toContain('LicenseGranted');
    for (const entry of licenses) expect(entry.streamId).toMatch(/^license-(?!devices-)/);
    const payments = (await admin.result('getCustomerTimeline', { userId, kind: 'payments' })).entries as Entry[];
    expect(payments.map((e) => e.type)).toEqual(expect.arrayContaining(['PurchaseCompleted', 'PendingPaymentOpened']));
    expect(payments.map((e) => e.type)).not.toContain('LicenseGranted');

    const all = (await admin.result('getCustomerTimeline', { userId, limit: 100 })).entries as Entry[];
    const newest = all[0]!;
    const oldest = all.at(-1)!;
    expect((await admin.result('getCustomerTimeline', { userId, to: new Date(Date.parse(oldest.recordedAt) - 1000).toISOString() })).entries).toEqual([]);
    expect((await admin.result('getCustomerTimeline', { userId, from: new Date(Date.parse(newest.recordedAt) + 1000).toISOString() })).entries).toEqual([]);
    // The log keeps microseconds and an ISO time milliseconds: the newest event is within a millisecond after its own time.
    const to = new Date(Date.parse(newest.recordedAt) + 1).toISOString();
    const within = (await admin.result('getCustomerTimeline', { userId, from: oldest.recordedAt, to, limit: 100 })).entries as Entry[];
    expect(within.map((e) => e.position)).toEqual(all.map((e) => e.position));
  });

  it('gives an account nobody has an empty page, not an error', async () => {
    expect(await admin.result('getCustomerTimeline', { userId: 'user_nobody_at_all' })).toEqual({ entries: [], nextBefore: null });
    expect(await admin.result('getCustomerAccount', { userId: 'user_nobody_at_all' })).toEqual(
      expect.objectContaining({ email: null, licenses: [], plan: null }),
    );
  });
});

describe("customers' bookings on one host's calendar", () => {
  // A host's calendar is one stream holding every customer's holds and bookings: each customer's
  // timeline shows the events of their own bookings on it, and nobody else's.
  const host = `host-${randomUUID()}`;
  const [ann, bob] = [`user-ann-${randomUUID()}`, `user-bob-${randomUUID()}`];
  const bookings = { ann1: `bk-${randomUUID()}`, ann2: `bk-${randomUUID()}`, bob: `bk-${randomUUID()}` };
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, minutes)).toISOString();
  const details = (checkoutRef: string) => ({
    sessionTypeId: 'intro-30',
    sessionTitle: 'Intro call',
    minutes: 30,
    hostName: 'Hana',
    meetingUrl: null,
    customerEmail: null,
    customerName: null,
    customerTimeZone: 'UTC',
    checkoutRef,
    amountCents: 5000,
    currency: 'usd',
  });
  const held = (bookingId: string, customerUserId: string, minute: number) =>
    SlotHeld({
      hostUserId: host,
      holdId: bookingId,
      customerUserId,
      start: at(minute + 600),
      end: at(minute + 630),
      expiresAt: at(minute + 15),
      details: details(`ref-${bookingId}`),
      at: at(minute),
    });
  const confirmed = (bookingId: string, customerUserId: string, minute: number) =>
    BookingConfirmed({
      hostUserId: host,
      bookingId,
      customerUserId,
      start: at(minute + 600),
      end: at(minute + 630),
      details: details(`ref-${bookingId}`),
      paymentIntentId: null,
      at: at(minute + 1),
    });

  beforeAll(async () => {
    const store = new EventStore(pool, new EventRegistry().register(...bookingEvents));
    const append = (event: ReturnType<typeof SlotHeld | typeof BookingConfirmed | typeof BookingRescheduled>) =>
      store.append(hostCalendarStreamId(host), 'any', [event], systemMetadata(`calendar-test-${randomUUID()}`));
    // Interleaved as a busy calendar is: Bob's booking between Ann's two, and more of Bob's after.
    await append(held(bookings.ann1, ann, 0));
    await append(confirmed(bookings.ann1, ann, 0));
    await append(held(bookings.bob, bob, 10));
    await append(confirmed(bookings.bob, bob, 10));
    await append(held(bookings.ann2, ann, 20));
    await append(confirmed(bookings.ann2, ann, 20));
    await append(
      BookingRescheduled({
        hostUserId: host,
        bookingId: bookings.bob,
        customerUserId: bob,
        from: { start: at(610), end: at(640) },
        start: at(700),
        end: at(730),
        details: details(`ref-${bookings.bob}`),
        sequence: 1,
        at: at(30),
      }),
    );
    await eventually(
      async () => (await pool.query('select count(*)::int as n from rm_session_bookings where host_user_id = $1', [host])).rows[0].n,
      (n) => n === 3,
    );
  }, 30_000);

  /** A booking's id, or its hold's (the same id). */
  const bookingIdsOf = (entries: Entry[]) => entries.map((e) => e.data['bookingId'] ?? e.data['holdId']);
  it("shows each customer only their own bookings' events, newest first", async () => {
    const annPage = (await admin.result('getCustomerTimeline', { userId: ann })).entries as Entry[];
    expect(annPage.map((e) => e.type)).toEqual(['BookingConfirmed', 'SlotHeld', 'BookingConfirmed', 'SlotHeld']);
    expect(bookingIdsOf(annPage)).toEqual([bookings.ann2, bookings.ann2, bookings.ann1, bookings.ann1]);
    for (const entry of annPage) expect(entry.streamId).toBe(hostCalendarStreamId(host));

    const bobPage = (await admin.result('getCustomerTimeline', { userId: bob, kind: 'bookings' })).entries as Entry[];
    expect(bobPage.map((e) => e.type)).toEqual(['BookingRescheduled', 'BookingConfirmed', 'SlotHeld']);
    expect(new Set(bookingIdsOf(bobPage))).toEqual(new Set([bookings.bob]));
  });

  it('pages across two bookings on the calendar and keeps to a time window', async () => {
    const first = await admin.result('getCustomerTimeline', { userId: ann, limit: 3 });
    const second = await admin.result('getCustomerTimeline', { userId: ann, limit: 3, before: first.nextBefore });
    expect(second.nextBefore).toBeNull();
    const all = (await admin.result('getCustomerTimeline', { userId: ann })).entries as Entry[];
    expect([...first.entries, ...second.entries].map((e: Entry) => e.position)).toEqual(all.map((e) => e.position));

    // Ann's first booking (its hold and confirmation) is the oldest two of her events; an ISO time
    // keeps milliseconds and the log microseconds, so the window ends a millisecond after the second.
    const oldest = all.at(-1)!;
    const to = new Date(Date.parse(all.at(-2)!.recordedAt) + 1).toISOString();
    const window = await admin.result('getCustomerTimeline', { userId: ann, from: oldest.recordedAt, to });
    expect(window.entries.map((e: Entry) => e.position)).toEqual(all.slice(-2).map((e) => e.position));
  });
});

describe('hostile input', () => {
  it.each([
    ['a NUL in the user id', 'getCustomerTimeline', { userId: 'user\u0000x' }],
    ['a quote in the user id', 'getCustomerAccount', { userId: "user' or 1=1 --" }],
    ['a user id too long', 'getCustomerAccount', { userId: 'u'.repeat(201) }],
    ['a cursor that is no position', 'getCustomerTimeline', { userId: 'user_1', before: '1; drop table events' }],
    ['a cursor past bigint', 'getCustomerTimeline', { userId: 'user_1', before: '9'.repeat(30) }],
    ['an unknown kind', 'getCustomerTimeline', { userId: 'user_1', kind: 'everything' }],
    ['a date that is no date', 'getCustomerTimeline', { userId: 'user_1', from: 'yesterday' }],
    ['a page too big', 'getCustomerTimeline', { userId: 'user_1', limit: 1000 }],
    ['an unknown field', 'getCustomerTimeline', { userId: 'user_1', sql: 'x' }],
  ])('refuses %s with a 400 envelope', async (_what, fn, payload) => {
    const answer = await admin.call(fn, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(expect.objectContaining({ code: expect.any(String) }));
  });
});

describe('someone who is not an administrator', () => {
  it.each(['getCustomerAccount', 'getCustomerTimeline'])('gets 403 from %s, with no cookie or a forged one', async (fn) => {
    expect((await admin.call(fn, { userId: 'user_1' }, null)).status).toBe(403);
    expect((await admin.call(fn, { userId: 'user_1' }, 'sculpt_admin=forged')).status).toBe(403);
  });
});
