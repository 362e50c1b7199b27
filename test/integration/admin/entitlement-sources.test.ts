import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Pool } from 'pg';
import type { Entitlement } from '../../../contracts/entitlements/entitlement-sources';
import type { NewEvent } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { causedBy, requestMetadata, stripeEventMetadata } from '../../../backend/src/events/metadata-for';
import { BookingConfirmed, SlotHeld } from '../../../backend/src/modules/booking/booking.events';
import { PurchaseCompleted, PurchaseRefunded, ResourceAccessGranted, ResourceAccessRevoked } from '../../../backend/src/modules/checkout/checkout.events';
import { AddOnCreditsAdded, IncludedCreditsCycleStarted } from '../../../backend/src/modules/credits/credits.events';
import { SeatAssigned, LicenseGranted } from '../../../backend/src/modules/licenses/licenses.events';
import { SubscriptionStarted } from '../../../backend/src/modules/subscriptions/subscriptions.events';
import { createWorker } from '../../../backend/src/worker';
import { adminSession, eventually, getServerFn, signUpOverHttp } from '../../support/site-client';
import { startTestApi, type TestApi } from '../../support/test-api';
import { testConfig } from '../../support/test-config';

/**
 * "Why do I have access?" through its two server functions, for an account whose history is
 * appended to the real log and projected by the real worker: a purchase, a seat given by an
 * owner, a plan with included credits, a credit pack, a booked session, a support grant with its
 * reason, and a refund that ends a purchase's access.
 */
const ADMIN_TOKEN = 'integration-entitlements-admin-token-01';
let api: TestApi;
let worker: INestApplicationContext;
let pool: Pool;
let store: EventStore;
let adminCookie: string;

beforeAll(async () => {
  api = await startTestApi({ env: { ADMIN_TOKEN } });
  worker = await createWorker(testConfig({ ADMIN_TOKEN }));
  pool = new Pool({ connectionString: api.config.DATABASE_URL, max: 2 });
  store = api.app.get(EventStore);
  adminCookie = await adminSession(api.url, ADMIN_TOKEN);
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await worker?.close();
  await api?.close();
});

const call = (fn: string, payload: unknown, cookie: string | null) => getServerFn(api.url, fn, payload, cookie);

describe('an account with one of every kind of entitlement', () => {
  const email = `access-${randomUUID().slice(0, 8)}@example.com`;
  let customerCookie: string;
  let userId: string;
  const refs = { license: ref(), resource: ref(), pack: ref(), session: ref() };
  let supportActionPosition: string;

  beforeAll(async () => {
    customerCookie = await signUpOverHttp({ url: api.url, queuePrefix: api.config.QUEUE_PREFIX }, email, 'Ada Access');
    userId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email])).rows[0]!.id;
    supportActionPosition = await seedHistory(userId, email, refs);
  }, 60_000);

  const adminView = (check: (list: Entitlement[]) => boolean) =>
    eventually(async () => {
      const answer = await call('getEntitlementSources', { userId }, adminCookie);
      expect(answer.status).toBe(200);
      return answer.body.result.entitlements as Entitlement[];
    }, check);
  const everything = (list: Entitlement[]) => list.length === 8 && list.some((e) => e.kind === 'resource' && e.ends.state === 'ended');

  it('shows a lifetime license bought on a date, for an amount, with its checkout and Stripe references', async () => {
    const license = (await adminView(everything)).find((e) => e.kind === 'license')!;
    expect(license.source).toEqual({
      kind: 'purchase',
      at: expect.any(String),
      title: 'Lifetime license',
      amountCents: 19900,
      currency: 'usd',
      refundedCents: 0,
      checkoutRef: refs.license,
      checkoutSessionId: `cs_${refs.license}`,
      paymentIntentId: `pi_${refs.license}`,
      subscriptionId: null,
    });
    expect(license.ends).toEqual({ state: 'active', at: null, by: 'none', alsoEndedBy: ['refund', 'dispute'] });
    expect(license.events.map((e) => e.type)).toEqual(['PurchaseCompleted', 'LicenseGranted']);
  });

  it('shows the seat an owner gave to the account’s address, and who gave it', async () => {
    const seat = (await adminView(everything)).find((e) => e.kind === 'seat')!;
    expect(seat.source).toEqual(
      expect.objectContaining({ kind: 'seat', ownerName: 'Olive Owner', ownerUserId: expect.stringMatching(/^owner_/), planTitle: 'Team' }),
    );
    expect(seat.ends).toEqual(expect.objectContaining({ state: 'active', by: 'period_end', alsoEndedBy: ['seat_removal'] }));
  });

  it('shows the plan renewing on the period end the subscription holds, and the credits it includes', async () => {
    const list = await adminView(everything);
    const plan = list.find((e) => e.kind === 'plan')!;
    expect(plan.source).toEqual(expect.objectContaining({ kind: 'purchase', subscriptionId: expect.stringMatching(/^sub_/), amountCents: 1500 }));
    expect(plan.ends).toEqual({ state: 'active', at: PERIOD_END, by: 'renewal', alsoEndedBy: ['cancellation', 'refund', 'dispute'] });
    const included = list.find((e) => e.kind === 'included_credits')!;
    expect(included).toEqual(
      expect.objectContaining({
        title: '500 credits a month',
        detail: '500 of 500 left this cycle',
        source: expect.objectContaining({ kind: 'included', plan: 'pro' }),
      }),
    );
    expect(included.ends).toEqual(expect.objectContaining({ state: 'active', at: PERIOD_END, by: 'period_end' }));
  });

  it('shows the credit pack bought, with what is left of it', async () => {
    const pack = (await adminView(everything)).find((e) => e.kind === 'credit_pack')!;
    expect(pack).toEqual(
      expect.objectContaining({
        detail: '1,000 of 1,000 credits left',
        source: expect.objectContaining({ kind: 'purchase', checkoutRef: refs.pack, amountCents: 900 }),
      }),
    );
  });

  it('shows the booked session, ending on its date', async () => {
    const session = (await adminView(everything)).find((e) => e.kind === 'booked_session')!;
    expect(session).toEqual(expect.objectContaining({ title: 'Intro call', detail: '30 minutes with Hana Host' }));
    expect(session.source).toEqual(expect.objectContaining({ kind: 'purchase', checkoutRef: refs.session, amountCents: 5000 }));
    expect(session.ends).toEqual({ state: 'active', at: SESSION_START, by: 'session_date', alsoEndedBy: ['cancellation'] });
  });

  it('explains a support grant by its recorded action: the admin, their role and their reason, linked to the action', async () => {
    const granted = (await adminView(everything)).find((e) => e.source.kind === 'admin')!;
    expect(granted).toEqual(expect.objectContaining({ kind: 'resource', title: expect.any(String) }));
    expect(granted.source).toEqual(
      expect.objectContaining({ kind: 'admin', actorId: 'admin_support_1', actorRole: 'support', reason: 'Bought on the old site before the move' }),
    );
    expect(granted.events.map((e) => [e.type, e.position])).toContainEqual(['SupportActionRecorded', supportActionPosition]);
  });

  it('shows a refunded purchase’s access as ended by the refund', async () => {
    const refunded = (await adminView(everything)).find((e) => e.kind === 'resource' && e.ends.state === 'ended')!;
    expect(refunded.source).toEqual(expect.objectContaining({ kind: 'purchase', checkoutRef: refs.resource }));
    expect(refunded.ends).toEqual({ state: 'ended', at: expect.any(String), by: 'refund', alsoEndedBy: [] });
    expect(refunded.events.map((e) => e.type)).toEqual(['PurchaseCompleted', 'ResourceAccessGranted', 'PurchaseRefunded', 'ResourceAccessRevoked']);
  });

  it('gives the customer the same list in their own words: "our support team", no admin, no reason, no positions', async () => {
    await adminView(everything);
    const answer = await call('getMyEntitlementSources', {}, customerCookie);
    expect(answer.status).toBe(200);
    const mine = answer.body.result.entitlements as Record<string, any>[];
    expect(mine.map((e) => e.kind).sort()).toEqual(['booked_session', 'credit_pack', 'included_credits', 'license', 'plan', 'resource', 'resource', 'seat']);
    expect(mine.find((e) => e.source.kind === 'support')!.source).toEqual({ kind: 'support', at: expect.any(String) });
    expect(mine.find((e) => e.kind === 'seat')!.source).not.toHaveProperty('ownerUserId');
    const text = JSON.stringify(mine);
    expect(text).not.toMatch(/admin_support_1|old site|"events"/);
  });

  it('refuses a customer who names an account, theirs or another’s, with a 400 envelope', async () => {
    for (const payload of [{ userId: 'user_someone_else' }, { userId }]) {
      const answer = await call('getMyEntitlementSources', payload, customerCookie);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses the admin function to a customer (403) and the customer one to nobody signed in (401)', async () => {
    const asCustomer = await call('getEntitlementSources', { userId: 'user_someone_else' }, customerCookie);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.error.code).toBe('FORBIDDEN');
    const signedOut = await call('getMyEntitlementSources', {}, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toEqual(expect.any(String));
  });
});

it('gives an account with no history an empty list, not an error', async () => {
  expect((await call('getEntitlementSources', { userId: 'user_nobody_here' }, adminCookie)).body.result).toEqual({ entitlements: [] });
});

describe('hostile input', () => {
  it.each([
    ['a NUL in the user id', { userId: 'user\u0000x' }],
    ['a lone surrogate', { userId: 'user\ud800' }],
    ['a quote in the user id', { userId: "user' or 1=1 --" }],
    ['a user id too long', { userId: 'u'.repeat(201) }],
    ['a number', { userId: 42 }],
    ['an unknown field', { userId: 'user_1', sql: 'x' }],
  ])('refuses %s with a 400 envelope', async (_what, payload) => {
    const answer = await call('getEntitlementSources', payload, adminCookie);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(expect.objectContaining({ code: expect.any(String) }));
  });
});

const PERIOD_END = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)).toISOString();
const SESSION_START = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 1, 2, 10)).toISOString();
const now = () => new Date().toISOString();

function ref() {
  return `ref-${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

const fromStripe = () => stripeEventMetadata(`evt_${randomUUID().replace(/-/g, '')}`);

async function append(streamId: string, events: NewEvent[], metadata = fromStripe()) {
  return store.append(streamId, 'any', events, metadata);
}

function purchased(
  userId: string,
  email: string,
  checkoutRef: string,
  resourceId: string,
  title: string,
  amountCents: number,
  subscriptionId: string | null = null,
) {
  return PurchaseCompleted({
    tax: null,
    discount: null,
    checkoutRef,
    checkoutSessionId: `cs_${checkoutRef}`,
    userId,
    email,
    resourceId,
    resourceType: 'product',
    title,
    quantity: 1,
    amountCents,
    currency: 'usd',
    mode: subscriptionId ? 'subscription' : 'payment',
    customerId: 'cus_access',
    paymentIntentId: subscriptionId ? null : `pi_${checkoutRef}`,
    subscriptionId,
    completedAt: now(),
  });
}

function license(
  userId: string,
  email: string,
  licenseId: string,
  options: { kind: 'lifetime' | 'subscription'; checkoutRef: string | null; subscriptionId: string | null },
) {
  return LicenseGranted({
    licenseId,
    userId,
    email,
    resourceId: options.kind === 'lifetime' ? 'lifetime-license' : 'pro-monthly',
    plan: 'pro',
    kind: options.kind,
    seats: options.kind === 'lifetime' ? 1 : 3,
    devicesPerSeat: 2,
    includedCreditsPerMonth: options.kind === 'lifetime' ? 0 : 500,
    keySealed: `sealed-${licenseId}`,
    keyHash: `hash-${licenseId}`,
    keyHint: 'AB12',
    source: { checkoutRef: options.checkoutRef, subscriptionId: options.subscriptionId },
    validUntil: options.kind === 'lifetime' ? null : PERIOD_END,
    grantedAt: now(),
  });
}

/** The account's history, appended as the real paths append it; answers the support action's position. */
async function seedHistory(userId: string, email: string, refs: Record<'license' | 'resource' | 'pack' | 'session', string>): Promise<string> {
  const id = randomUUID().slice(0, 8);

  await append(`checkout-${refs.license}`, [purchased(userId, email, refs.license, 'lifetime-license', 'Lifetime license', 19900)]);
  await append(`license-lic-life-${id}`, [license(userId, email, `lic-life-${id}`, { kind: 'lifetime', checkoutRef: refs.license, subscriptionId: null })]);

  const ownerId = `owner_${id}`;
  await append(`license-lic-team-${id}`, [
    license(ownerId, `owner-${id}@example.com`, `lic-team-${id}`, { kind: 'subscription', checkoutRef: null, subscriptionId: null }),
  ]);
  await append(
    `license-lic-team-${id}`,
    [
      SeatAssigned({
        licenseId: `lic-team-${id}`,
        ownerUserId: ownerId,
        ownerName: 'Olive Owner',
        planTitle: 'Team',
        email: email.toUpperCase(),
        seatKeySealed: 'sealed',
        seatKeyHash: `seat-hash-${id}`,
        seatKeyHint: 'CD34',
        at: now(),
      }),
    ],
    requestMetadata(randomUUID(), { kind: 'user', userId: ownerId }),
  );

  const subscriptionId = `sub_${id}`;
  const subscriptionRef = ref();
  await append(`checkout-${subscriptionRef}`, [purchased(userId, email, subscriptionRef, 'pro-monthly', 'Pro monthly', 1500, subscriptionId)]);
  await append(`subscription-${subscriptionId}`, [
    SubscriptionStarted({
      subscriptionId,
      userId,
      email,
      resourceId: 'pro-monthly',
      plan: 'pro',
      title: 'Pro monthly',
      customerId: 'cus_access',
      quantity: 1,
      licenseId: `lic-sub-${id}`,
      currentPeriodEnd: PERIOD_END,
      startedAt: now(),
    }),
  ]);
  await append(`license-lic-sub-${id}`, [license(userId, email, `lic-sub-${id}`, { kind: 'subscription', checkoutRef: null, subscriptionId })]);
  const cycleStart = new Date(Date.now() - 86_400_000).toISOString();
  await append(`credits-${userId}`, [
    IncludedCreditsCycleStarted({ userId, licenseId: `lic-sub-${id}`, cycleStart, cycleEnd: PERIOD_END, allowance: 500, at: now() }),
  ]);

  await append(`checkout-${refs.pack}`, [purchased(userId, email, refs.pack, 'api-credits', '1,000 API credits', 900)]);
  await append(`credits-${userId}`, [
    AddOnCreditsAdded({ userId, packId: `checkout:${refs.pack}`, resourceId: 'api-credits', title: '1,000 API credits', credits: 1000, at: now() }),
  ]);

  const hostId = `host_${id}`;
  const bookingId = `bk-${id}`;
  const details = {
    sessionTypeId: 'intro',
    sessionTitle: 'Intro call',
    minutes: 30,
    hostName: 'Hana Host',
    meetingUrl: null,
    customerEmail: email,
    customerName: 'Ada Access',
    customerTimeZone: 'UTC',
    checkoutRef: refs.session,
    amountCents: 5000,
    currency: 'usd',
  };
  const sessionEnd = new Date(Date.parse(SESSION_START) + 30 * 60_000).toISOString();
  await append(
    `host-calendar-${hostId}`,
    [
      SlotHeld({
        hostUserId: hostId,
        holdId: bookingId,
        customerUserId: userId,
        start: SESSION_START,
        end: sessionEnd,
        expiresAt: SESSION_START,
        details,
        at: now(),
      }),
    ],
    requestMetadata(randomUUID(), { kind: 'user', userId }),
  );
  await append(`checkout-${refs.session}`, [purchased(userId, email, refs.session, 'intro', 'Intro call', 5000)]);
  await append(`host-calendar-${hostId}`, [
    BookingConfirmed({
      hostUserId: hostId,
      bookingId,
      customerUserId: userId,
      start: SESSION_START,
      end: sessionEnd,
      details,
      paymentIntentId: `pi_${refs.session}`,
      at: now(),
    }),
  ]);

  // The support console records its action first, then the grant it causes (the shared support-action model).
  const correlationId = randomUUID();
  const actionId = randomUUID();
  const { rows } = await pool.query<{ position: string }>(
    `insert into events (stream_id, stream_version, type, schema_version, data, metadata)
     values ($1, 1, 'SupportActionRecorded', 1, $2, $3) returning position::text`,
    [
      `support-action-${actionId}`,
      {
        actionId,
        kind: 'grant_resource',
        userId,
        actor: { id: 'admin_support_1', role: 'support' },
        reason: 'Bought on the old site before the move',
        details: { resourceId: 'obsidian-templates' },
        at: now(),
      },
      requestMetadata(correlationId, { kind: 'admin', userId: 'admin_support_1' }),
    ],
  );
  const position = rows[0]!.position;
  await append(
    `freeaccess-${userId}-obsidian-templates`,
    [ResourceAccessGranted({ userId, resourceId: 'obsidian-templates', source: 'free', sourceRef: `freeaccess-${userId}-obsidian-templates`, at: now() })],
    causedBy({ position: BigInt(position), metadata: { correlationId } }, { kind: 'admin', userId: 'admin_support_1' }),
  );

  await append(`checkout-${refs.resource}`, [
    purchased(userId, email, refs.resource, 'prompt-pack', 'Prompt pack', 1200),
    ResourceAccessGranted({ userId, resourceId: 'prompt-pack', source: 'purchase', sourceRef: refs.resource, at: now() }),
  ]);
  await append(`checkout-${refs.resource}`, [
    PurchaseRefunded({ checkoutRef: refs.resource, userId, chargeId: `ch_${id}`, amountRefundedCents: 1200, full: true, at: now() }),
    ResourceAccessRevoked({ userId, resourceId: 'prompt-pack', sourceRef: refs.resource, reason: 'refund', at: now() }),
  ]);
  return position;
}
