import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import type Stripe from 'stripe';
import type { SiteServer } from '../../../support/site-server';
import { callFn, eventually, signUpOverHttp, startAddressableSite } from '../../../support/site-client';
import { asSentByStripe, emulatorStripe, postSignedWebhook, WebhookRecorder, type StripeEvent } from '../../../support/emulator-client';
import { testPool } from '../../../support/test-events';

export type { StripeEvent };

export const eventId = () => `evt_${randomBytes(12).toString('hex')}`;

export function completed(session: Record<string, unknown> & { id: string }, type = 'checkout.session.completed'): StripeEvent {
  return { id: eventId(), type, data: { object: { object: 'checkout.session', ...session } } };
}

/**
 * A built site of the file's own (database and queue prefix named by `label`), whose emulator's
 * events go to a recorder instead of the site, with what its tests need to forge, deliver and
 * check webhook events; started before the file's tests and stopped after.
 */
export function useForgedWebhooksSite(label: string) {
  let site: SiteServer;
  let stripe: Stripe;
  let pool: Pool;
  let queue: Queue;
  const recorder = new WebhookRecorder();
  beforeAll(async () => {
    site = await startAddressableSite(label, { STRIPE_EMULATOR_WEBHOOK_URL: await recorder.start() });
    stripe = emulatorStripe(site.url);
    pool = testPool(2, site.databaseUrl);
    queue = new Queue('stripe-webhooks', { connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0' }, prefix: site.queuePrefix });
  }, 90_000);
  afterAll(async () => {
    await queue?.close();
    await pool?.end();
    await site?.stop();
    await recorder.stop();
  });

  /** Signs and delivers an event as Stripe would (whoever knows the secret can sign anything); the endpoint keeps it (200) whatever it says. */
  async function deliver(event: StripeEvent): Promise<void> {
    const response = await postSignedWebhook(site.url, JSON.stringify(asSentByStripe(event)));
    expect(response.status).toBe(200);
  }

  /** How the worker's attempt at an event went, once it has made one. */
  async function settled(id: string) {
    return eventually(
      async () =>
        (
          await pool.query<{ outcome: string | null; last_error: string | null; attempts: number; handled_at: Date | null }>(
            'select outcome, last_error, attempts, handled_at from stripe_webhook_events where stripe_event_id = $1',
            [id],
          )
        ).rows[0],
      (row) => row?.outcome != null,
    );
  }

  /**
   * A refused event's job is failed for good: not waiting, not delayed for a retry. The log row is
   * written before the worker throws, so the job is read only once BullMQ has moved it to failed.
   */
  async function expectNotRetried(id: string) {
    await eventually(
      async () => (await queue.getJob(id))?.getState(),
      (state) => state === 'failed',
    );
    const job = await queue.getJob(id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(1);
  }

  /** The buyer's events of these types, in the event store (not a projection that might lag). */
  async function eventsFor(userId: string, types: string[]): Promise<string[]> {
    const { rows } = await pool.query<{ type: string }>("select type from events where type = any($1) and data->>'userId' = $2 order by position", [
      types,
      userId,
    ]);
    return rows.map((row) => row.type);
  }

  /** What the buyer was granted, or had moved towards a grant. */
  const grantsFor = (userId: string) =>
    eventsFor(userId, ['PurchaseCompleted', 'LicenseGranted', 'ResourceAccessGranted', 'PendingPaymentProcessing', 'PendingPaymentSettled']);

  const dashboard = async (cookie: string) => (await callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' })).result;
  const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  /** A signed-up buyer with a Checkout Session opened the site's way (open, unpaid). */
  async function buyerWithOpenSession(email: string, resourceId = 'from-audio-to-notes', quantity = 1) {
    const cookie = await signUpOverHttp(site, email);
    const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity }, { cookie });
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(started.result.url));
    // Projected a moment later: seen before anything is forged, so "unchanged" compares like with like.
    await eventually(
      () => dashboard(cookie),
      (d) => d.pendingPayments[0]?.status === 'open',
    );
    return { cookie, session, userId: session.metadata!.userId!, url: started.result.url as string };
  }

  return {
    get site() {
      return site;
    },
    get stripe() {
      return stripe;
    },
    recorder,
    deliver,
    settled,
    expectNotRetried,
    eventsFor,
    grantsFor,
    dashboard,
    buyerWithOpenSession,
  };
}
