import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type Stripe from 'stripe';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { STRIPE_WEBHOOK_QUEUE } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-queue';
import { STRIPE_WEBHOOK_SWEEP_JOB, STRIPE_WEBHOOK_SWEEP_QUEUE } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-sweeper';
import { BookingConfirmed, bookingEvents, hostCalendarStreamId, SlotHeld } from '../../../backend/src/modules/booking/booking.events';
import { BOOKING_REMINDER_QUEUE, reminderJobId } from '../../../backend/src/modules/booking/jobs/booking-reminders';
import { BOOKING_REMINDER_SWEEP_JOB, BOOKING_REMINDER_SWEEP_QUEUE } from '../../../backend/src/modules/booking/jobs/booking-reminders.sweeper';
import { EMAIL_QUEUE } from '../../../backend/src/modules/email/jobs/email-job';
import { reconnectDelayMs } from '../../../backend/src/platform/queue/queue.module';
import { asSentByStripe, emulatorStripe, postSignedWebhook } from '../../support/emulator-client';
import { eventually, freePort, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';
import { metadata, testPool } from '../../support/test-events';

/** The bound: after Redis loses its jobs, everything recorded is handled within 10 s. */
const RECOVERED_WITHIN_MS = 10_000;
const OUTAGE_MS = 5_000;
const ROOT = join(__dirname, '..', '..', '..');
const sharedRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

interface Stack {
  sink: Server;
  site: SiteServer;
  secondWorker: { child: ChildProcess; stdout: () => string };
  stripe: Stripe;
  pool: Pool;
  /** The site's Redis, for flushing its keys. */
  redis: Redis;
  queues: Record<string, Queue>;
}

let stack: Stack;
const queue = (name: string) => stack.queues[name]!;

/** The site (its api and a worker in one process) and a second worker, on one database, one Redis and one queue prefix. */
async function startStack(redisUrl: string): Promise<Stack> {
  // The emulator's own events go to a sink: the test delivers the ones it means to, when it means to.
  const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));
  const sinkPort = await new Promise<number>((resolve) => sink.listen(0, '127.0.0.1', () => resolve((sink.address() as { port: number }).port)));
  const site = await startAddressableSite('redis_loss', { STRIPE_EMULATOR_WEBHOOK_URL: `http://127.0.0.1:${sinkPort}/`, REDIS_URL: redisUrl });
  const secondWorker = await startWorker(site, redisUrl);
  const queues: Record<string, Queue> = {};
  for (const name of [STRIPE_WEBHOOK_QUEUE, STRIPE_WEBHOOK_SWEEP_QUEUE, BOOKING_REMINDER_QUEUE, BOOKING_REMINDER_SWEEP_QUEUE, EMAIL_QUEUE])
    queues[name] = new Queue(name, { connection: { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelayMs }, prefix: site.queuePrefix });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 }).on('error', () => undefined);
  return { sink, site, secondWorker, stripe: emulatorStripe(site.url), pool: testPool(3, site.databaseUrl), redis, queues };
}

async function stopStack(stopping: Stack | undefined): Promise<void> {
  if (!stopping) return;
  for (const open of Object.values(stopping.queues)) await open.close();
  const { child } = stopping.secondWorker;
  if (child.exitCode === null) {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await stopping.pool.end();
  await stopping.site.stop();
  await flushPrefix(stopping.redis, stopping.site.queuePrefix).catch(() => undefined);
  stopping.redis.disconnect();
  await new Promise((resolve) => stopping.sink.close(resolve));
}

describe('when Redis loses every job (a flush of this site’s keys), with two workers running', () => {
  beforeAll(async () => {
    stack = await startStack(sharedRedisUrl);
  }, 120_000);
  afterAll(() => stopStack(stack));

  it('queues again what Postgres recorded and has not handled, within 10 s: each purchase fulfilled and emailed exactly once, schedulers and reminders back', async () => {
    // These are fulfilled before the loss, but their emails (a receipt and a license key each) wait in Redis and are lost with it.
    await queue(EMAIL_QUEUE).pause();
    const handledBefore = await Promise.all(Array.from({ length: 4 }, (_, i) => paidPurchase(i)));
    for (const purchase of handledBefore) expect(await deliver(checkoutCompleted(purchase))).toBe(200);
    await eventually(
      () => licensed(handledBefore),
      (n) => n === handledBefore.length,
    );
    await eventually(
      () => queue(EMAIL_QUEUE).getWaitingCount(),
      (n) => n >= 2 * handledBefore.length,
    );
    const booking = await confirmedBooking();
    await eventually(
      () => queue(BOOKING_REMINDER_QUEUE).getJob(booking.reminderJobId),
      (job) => job !== undefined,
    );

    // Paused, the workers take none of these: they are kept in Postgres and waiting in Redis when it loses them.
    await queue(STRIPE_WEBHOOK_QUEUE).pause();
    const waiting = await Promise.all(Array.from({ length: 8 }, (_, i) => paidPurchase(100 + i)));
    for (const purchase of waiting) expect(await deliver(checkoutCompleted(purchase))).toBe(200);
    expect(await queue(STRIPE_WEBHOOK_QUEUE).getWaitingCount()).toBeGreaterThanOrEqual(waiting.length);
    expect(await licensed(waiting)).toBe(0);

    await flushPrefix(stack.redis, stack.site.queuePrefix);
    expect(await queue(STRIPE_WEBHOOK_QUEUE).getJob(checkoutEventIds.get(waiting[0]!.ref)!)).toBeUndefined();

    const all = [...handledBefore, ...waiting];
    await eventually(
      async () => ({
        licensed: await licensed(all),
        unhandled: await unhandledEvents(all),
        reminder: (await queue(BOOKING_REMINDER_QUEUE).getJob(booking.reminderJobId)) !== undefined,
        schedulers: await schedulerNames(),
        emailed: (await emailsTo(all)).filter((sent) => sent.receipts > 0 && sent.keys > 0).length,
      }),
      (state) => state.licensed === all.length && state.unhandled === 0 && state.reminder && state.schedulers.length === 2 && state.emailed === all.length,
      RECOVERED_WITHIN_MS,
    );

    expect(await fulfilmentCounts(all)).toEqual(all.map(() => ({ purchases: 1, licenses: 1 })));
    expect(await emailsTo(all)).toEqual(all.map(() => ({ receipts: 1, keys: 1 })));
    // Only what was not handled ran again: every event's job ran once.
    expect(await attemptsOf(all)).toEqual(all.map(() => 1));
    expect(await schedulerNames()).toEqual([BOOKING_REMINDER_SWEEP_JOB, STRIPE_WEBHOOK_SWEEP_JOB].sort());
    expect(await (await queue(BOOKING_REMINDER_QUEUE).getJob(booking.reminderJobId))!.getState()).toBe('delayed');
    // One worker did the recovery; the other found it under way, or done.
    const recoveries = `${stack.site.stdout()}${stack.secondWorker.stdout()}`.match(/Redis had lost its jobs/g) ?? [];
    expect(recoveries).toHaveLength(1);
  });
});

describe('when Redis restarts empty under running workers (a private redis-server, killed)', () => {
  let redisServer: { port: number; child: ChildProcess };
  beforeAll(async () => {
    redisServer = await startRedisServer(await freePort());
    stack = await startStack(`redis://127.0.0.1:${redisServer.port}/0`);
  }, 120_000);
  afterAll(async () => {
    await stopStack(stack);
    await stopRedisServer(redisServer);
  });

  it('notices once it reconnects and handles within 10 s of its return every purchase recorded before, each fulfilled exactly once', async () => {
    await queue(STRIPE_WEBHOOK_QUEUE).pause();
    const waiting = await Promise.all(Array.from({ length: 6 }, (_, i) => paidPurchase(200 + i)));
    for (const purchase of waiting) expect(await deliver(checkoutCompleted(purchase))).toBe(200);
    expect(await queue(STRIPE_WEBHOOK_QUEUE).getWaitingCount()).toBeGreaterThanOrEqual(waiting.length);

    await stopRedisServer(redisServer);
    // An outage of seconds, not a blink: every connection goes through failed reconnects first.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    redisServer = await startRedisServer(redisServer.port);

    await eventually(
      async () => ({ licensed: await licensed(waiting), unhandled: await unhandledEvents(waiting), schedulers: await schedulerNames() }),
      (state) => state.licensed === waiting.length && state.unhandled === 0 && state.schedulers.length === 2,
      RECOVERED_WITHIN_MS,
    );
    expect(await fulfilmentCounts(waiting)).toEqual(waiting.map(() => ({ purchases: 1, licenses: 1 })));
    expect(await attemptsOf(waiting)).toEqual(waiting.map(() => 1));
  });
});

async function startRedisServer(port: number): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const client = new Redis(`redis://127.0.0.1:${port}/0`, { maxRetriesPerRequest: 1, retryStrategy: () => 50 }).on('error', () => undefined);
  try {
    await eventually(
      () => client.ping().catch(() => 'not yet'),
      (answer) => answer === 'PONG',
    );
  } finally {
    client.disconnect();
  }
  return { port, child };
}

/** As a crash: SIGKILL, no save, every key gone. */
async function stopRedisServer(server: { child: ChildProcess } | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

interface Purchase {
  ref: string;
  sessionId: string;
  email: string;
}

const checkoutEventIds = new Map<string, string>();

/** A lifetime license bought on the emulator: a Checkout Session created as the site creates one, then paid. */
async function paidPurchase(i: number): Promise<Purchase> {
  const [price] = (await stack.stripe.prices.list({ lookup_keys: ['sculpt_lifetime-license'], active: true })).data;
  const ref = `chk_${randomBytes(12).toString('hex')}`;
  const email = `buyer-${i}-${ref}@example.com`;
  const meta = { checkoutRef: ref, userId: `user_${randomUUID()}`, resourceId: 'lifetime-license', quantity: '1', email };
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: price!.id, quantity: 1 }],
    success_url: `${stack.site.url}/checkout?status=success`,
    metadata: meta,
    payment_intent_data: { metadata: meta },
  });
  const paid = await fetch(`${stack.site.url}/_stripe/checkout/${session.id}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${encodeURIComponent(email)}`,
  });
  expect(paid.status).toBe(303);
  return { ref, sessionId: session.id, email };
}

/** The event Stripe sends for a paid session (fulfilment reads the session itself back from Stripe). */
function checkoutCompleted(purchase: Purchase): string {
  const id = `evt_${randomBytes(12).toString('hex')}`;
  checkoutEventIds.set(purchase.ref, id);
  return JSON.stringify(asSentByStripe({ id, type: 'checkout.session.completed', data: { object: { id: purchase.sessionId, object: 'checkout.session' } } }));
}

const deliver = async (body: string): Promise<number> => (await postSignedWebhook(stack.site.url, body)).status;

/** A booking three days ahead, confirmed on its host's calendar: its reminder is a delayed job. */
async function confirmedBooking(): Promise<{ reminderJobId: string }> {
  const store = new EventStore(stack.pool, new EventRegistry().register(...bookingEvents));
  const start = new Date(Math.floor((Date.now() + 72 * 3600_000) / 1000) * 1000).toISOString();
  const end = new Date(Date.parse(start) + 3600_000).toISOString();
  const ids = { hostUserId: `host_${randomUUID()}`, bookingId: `bk_${randomUUID().replace(/-/g, '').slice(0, 16)}`, customerUserId: `user_${randomUUID()}` };
  const details = {
    sessionTypeId: 'setup-session-60',
    sessionTitle: '1-on-1 Setup Session (60 min)',
    minutes: 60,
    hostName: 'Mike',
    meetingUrl: 'https://meet.example.com/sculpt',
    customerEmail: `customer-${randomUUID()}@example.com`,
    customerName: 'Ada',
    customerTimeZone: 'Europe/Berlin',
    checkoutRef: `chk_${randomUUID()}`,
    amountCents: 9900,
    currency: 'usd',
  };
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
  const stream = hostCalendarStreamId(ids.hostUserId);
  await store.append(
    stream,
    'any',
    [SlotHeld({ hostUserId: ids.hostUserId, holdId: ids.bookingId, customerUserId: ids.customerUserId, start, end, expiresAt, details, at: now })],
    metadata(),
  );
  await store.append(stream, 'any', [BookingConfirmed({ ...ids, start, end, details, paymentIntentId: null, at: now })], metadata());
  // The sweep reads the read model: recovery can put the reminder back only once the booking is in it.
  await eventually(
    async () => (await stack.pool.query("select 1 from rm_session_bookings where booking_id = $1 and status = 'confirmed'", [ids.bookingId])).rowCount,
    (n) => n === 1,
  );
  return { reminderJobId: reminderJobId(ids.bookingId, start) };
}

async function licensed(purchases: Purchase[]): Promise<number> {
  const { rows } = await stack.pool.query<{ n: number }>('select count(*)::int as n from rm_licenses where checkout_ref = any($1)', [
    purchases.map((p) => p.ref),
  ]);
  return rows[0]!.n;
}

async function unhandledEvents(purchases: Purchase[]): Promise<number> {
  const ids = purchases.map((p) => checkoutEventIds.get(p.ref));
  const { rows } = await stack.pool.query<{ n: number }>(
    'select count(*)::int as n from stripe_webhook_events where stripe_event_id = any($1) and handled_at is null',
    [ids],
  );
  return rows[0]!.n;
}

async function attemptsOf(purchases: Purchase[]): Promise<number[]> {
  const ids = purchases.map((p) => checkoutEventIds.get(p.ref)!);
  const { rows } = await stack.pool.query<{ id: string; attempts: number }>(
    'select stripe_event_id as id, attempts from stripe_webhook_events where stripe_event_id = any($1)',
    [ids],
  );
  return ids.map((id) => rows.find((row) => row.id === id)?.attempts ?? 0);
}

/** How many times each purchase was recorded completed and granted its license: exactly once each. */
async function fulfilmentCounts(purchases: Purchase[]): Promise<{ purchases: number; licenses: number }[]> {
  const { rows } = await stack.pool.query<{ type: string; ref: string; n: number }>(
    `select type, coalesce(data->>'checkoutRef', data->'source'->>'checkoutRef') as ref, count(*)::int as n from events
     where type in ('PurchaseCompleted', 'LicenseGranted') and coalesce(data->>'checkoutRef', data->'source'->>'checkoutRef') = any($1) group by 1, 2`,
    [purchases.map((p) => p.ref)],
  );
  const count = (type: string, ref: string) => rows.find((row) => row.type === type && row.ref === ref)?.n ?? 0;
  return purchases.map((p) => ({ purchases: count('PurchaseCompleted', p.ref), licenses: count('LicenseGranted', p.ref) }));
}

/** The receipts and license keys each buyer was sent (the site's outbox stands in for SMTP). */
async function emailsTo(purchases: Purchase[]): Promise<{ receipts: number; keys: number }[]> {
  const { rows } = await stack.pool.query<{ to: string; kind: string; n: number }>(
    'select to_address as to, kind, count(*)::int as n from email_outbox where to_address = any($1) group by 1, 2',
    [purchases.map((p) => p.email)],
  );
  const count = (kind: string, to: string) => rows.find((row) => row.kind === kind && row.to === to)?.n ?? 0;
  return purchases.map((p) => ({ receipts: count('purchase-receipt', p.email), keys: count('license-key', p.email) }));
}

async function schedulerNames(): Promise<string[]> {
  const schedulers = await Promise.all([STRIPE_WEBHOOK_SWEEP_QUEUE, BOOKING_REMINDER_SWEEP_QUEUE].map((name) => queue(name).getJobSchedulers()));
  return schedulers
    .flat()
    .map((scheduler) => scheduler.key)
    .sort();
}

/** What Redis losing its data does to this site, and to nothing else on the shared Redis: every key under its prefix, in one DEL. */
async function flushPrefix(redis: Redis, prefix: string): Promise<void> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  if (keys.length > 0) await redis.del(...keys);
}

/** Another worker process, as `ROLE=worker npm start` runs one, on the site's database and queue prefix. */
async function startWorker(of: SiteServer, redisUrl: string): Promise<{ child: ChildProcess; stdout: () => string }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'app', 'backend', 'src', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: of.databaseUrl,
      QUEUE_PREFIX: of.queuePrefix,
      REDIS_URL: redisUrl,
      PUBLIC_URL: of.url,
      LOG_LEVEL: 'warn',
      LOCAL_DEMO_DATA: 'false',
      DATABASE_POOL_MAX: '5',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await eventually(
    async () => stdout,
    (seen) => seen.includes('Worker running') || child.exitCode !== null,
    60_000,
  );
  if (child.exitCode !== null) throw new Error(`the second worker exited with ${child.exitCode}: ${stdout}`);
  return { child, stdout: () => stdout };
}
