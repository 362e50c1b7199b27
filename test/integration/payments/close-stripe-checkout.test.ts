import type { MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { StripeClient } from '../../../backend/src/integrations/stripe';
import { CloseStripeCheckoutProcessor } from '../../../backend/src/modules/checkout/jobs/close-stripe-checkout.processor';
import type { AppConfig } from '../../../backend/src/platform/config/config.schema';
import { emulatorStripe } from '../../support/emulator-client';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';
import { testOrm } from '../events/support/orm';

/** The job that closes a checkout's Stripe checkout, run here as a worker would, against the site's database and Stripe emulator. */
let site: SiteServer;
let stripe: Stripe;
let orm: MikroORM;
let job: CloseStripeCheckoutProcessor;
beforeAll(async () => {
  site = await startAddressableSite('close-stripe-checkout');
  stripe = emulatorStripe(site.url);
  orm = await testOrm([], site.databaseUrl);
  job = new CloseStripeCheckoutProcessor(orm, new StripeClient({ PUBLIC_URL: site.url } as AppConfig, () => undefined));
}, 90_000);
afterAll(async () => {
  await orm?.close(true);
  await site?.stop();
});

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

/** A checkout opened over HTTP, once its pending payment is projected: its ref and hosted page. */
async function openCheckout(email: string, resourceId: string) {
  const cookie = await signUpOverHttp(site, email);
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
