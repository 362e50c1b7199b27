import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import type Stripe from 'stripe';
import { StripeClient } from '../../../backend/src/integrations/stripe';
import {
  CLOSE_STRIPE_CHECKOUT_QUEUE,
  closeStripeCheckoutJobId,
  type CloseStripeCheckoutJob,
  StripeCheckoutClosings,
} from '../../../backend/src/modules/checkout/jobs/close-stripe-checkout';
import { CloseStripeCheckoutProcessor } from '../../../backend/src/modules/checkout/jobs/close-stripe-checkout.processor';
import { recloseStripeCheckouts } from '../../../backend/src/modules/checkout/jobs/close-stripe-checkout.recovery';
import type { AppConfig } from '../../../backend/src/platform/config/config.schema';
import { emulatorStripe } from '../../support/emulator-client';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';
import { watchStripeCheckoutClosings } from '../../support/stripe-checkout-closings';
import { testOrm } from '../events/support/orm';

/** The job that closes a checkout's Stripe checkout, run here as a worker would, against the site's database and Stripe emulator. */
let site: SiteServer;
let stripe: Stripe;
let orm: MikroORM;
let job: CloseStripeCheckoutProcessor;
let queue: Queue<CloseStripeCheckoutJob>;
let closings: Awaited<ReturnType<typeof watchStripeCheckoutClosings>>;
beforeAll(async () => {
  site = await startAddressableSite('close-stripe-checkout');
  stripe = emulatorStripe(site.url);
  orm = await testOrm([], site.databaseUrl);
  job = new CloseStripeCheckoutProcessor(orm, new StripeClient({ PUBLIC_URL: site.url } as AppConfig, () => undefined));
  queue = new Queue(CLOSE_STRIPE_CHECKOUT_QUEUE, { connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0' }, prefix: site.queuePrefix });
  closings = await watchStripeCheckoutClosings(site);
}, 90_000);
afterAll(async () => {
  await closings?.stop();
  await queue?.close();
  await orm?.close(true);
  await site?.stop();
});

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

const openCheckout = async (email: string, resourceId: string) => openCheckoutAs(await signUpOverHttp(site, email), resourceId);

/** A checkout opened over HTTP, once its pending payment is projected: its ref and hosted page. */
async function openCheckoutAs(cookie: string, resourceId: string) {
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  const pending = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.pendingPayments[0]?.status === 'open',
  );
  const url: string = started.result.url;
  return { checkoutRef: pending.result.pendingPayments[0].id.replace(/^pp-/, '') as string, url, stripeCheckoutId: url.split('/').pop()! };
}

describe('a Stripe checkout still open', () => {
  it('is expired, and a second run finds it closed and changes nothing', async () => {
    const { checkoutRef, url, stripeCheckoutId } = await openCheckout('close-open@example.com', 'from-audio-to-notes');
    expect(await job.close(checkoutRef)).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(stripeCheckoutId)).status).toBe('expired');
    expect((await chooseOnHostedCheckout(url, 'pay')).status).toBe(409);
    expect(await job.close(checkoutRef)).toBe('already-closed');
    expect((await stripe.checkout.sessions.retrieve(stripeCheckoutId)).status).toBe('expired');
  });
});

describe('a Stripe checkout already paid', () => {
  it('is left complete', async () => {
    const { checkoutRef, url, stripeCheckoutId } = await openCheckout('close-paid@example.com', 'meeting-notes-system');
    expect((await chooseOnHostedCheckout(url, 'pay')).status).toBe(303);
    expect(await job.close(checkoutRef)).toBe('already-closed');
    expect((await stripe.checkout.sessions.retrieve(stripeCheckoutId)).status).toBe('complete');
  });
});

describe('a checkout not in the read model yet', () => {
  it('fails, so that BullMQ retries it', async () => {
    await expect(job.close('chk_not_projected_yet')).rejects.toThrow('not in rm_pending_payments yet');
  });
});

describe('after Redis lost its jobs', () => {
  it('queues the close again for a checkout abandoned within the day; the job finds it closed', async () => {
    const cookie = await signUpOverHttp(site, 'close-recovered@example.com');
    const { checkoutRef, stripeCheckoutId } = await openCheckoutAs(cookie, 'prompting-for-notes');
    expect((await callFn(site.url, 'abandonPendingPayment', { pendingPaymentId: `pp-${checkoutRef}` }, { cookie })).result).toEqual({ abandoned: true });
    expect(await closings.closed(checkoutRef)).toBe('expired');
    await queue.remove(closeStripeCheckoutJobId(checkoutRef));
    const again = await watchStripeCheckoutClosings(site);
    try {
      expect(await recloseStripeCheckouts(orm, new StripeCheckoutClosings(queue))).toBe(1);
      expect(await again.closed(checkoutRef)).toBe('already-closed');
    } finally {
      await again.stop();
    }
    expect((await stripe.checkout.sessions.retrieve(stripeCheckoutId)).status).toBe('expired');
  });
});
