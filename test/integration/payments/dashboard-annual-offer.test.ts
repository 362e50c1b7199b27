import Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import {
  buyLicenseOverHttp,
  callFn,
  chooseOnHostedCheckout,
  eventually,
  giveSeatOverHttp,
  signUpOverHttp,
  startAddressableSite,
} from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';

let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  site = await startAddressableSite('dashboard-annual-offer');
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(() => site?.stop());

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });
const license = async (cookie: string) => (await dashboard(cookie)).result.licenses[0];
const failRenewal = (subscriptionId: string) =>
  fetch(`${site.url}/_stripe/dev/subscriptions/${subscriptionId}/fail-renewal`, { method: 'POST', headers: { accept: 'application/json', origin: site.url } });

/** A buyer who paid for `quantity` seats of a monthly plan on the hosted checkout, once the dashboard shows the subscription. */
async function subscribed(email: string, resourceId: string, quantity = 1) {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity }, { cookie });
  expect(started.result).toMatchObject({ outcome: 'redirect' });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses[0]?.subscription?.status === 'active',
  );
  const { licenseId, subscription } = data.result.licenses[0];
  return { cookie, licenseId: licenseId as string, subscriptionId: subscription.subscriptionId as string };
}

describe("the dashboard's offer of yearly billing", () => {
  it('a monthly Starter subscriber is offered Starter annual, with the figures the plugin shows, until the switch', async () => {
    const { cookie } = await subscribed('offer-starter@example.com', 'starter-monthly');
    expect((await license(cookie)).annualOffer).toEqual({
      annualPriceCents: 9000,
      yearOfMonthlyCents: 10_800,
      amountSavedCents: 1800,
      percentSaved: 17,
      checkoutPath: '/checkout?resourceId=starter-annual&quantity=1',
    });

    const view = await callFn(site.url, 'getPlanChange', { resourceId: 'starter-annual', quantity: 1 }, { cookie, method: 'GET' });
    expect(view.result).toMatchObject({ kind: 'switch', direction: 'upgrade' });
    const changed = await callFn(
      site.url,
      'changePlan',
      { resourceId: 'starter-annual', quantity: 1, prorationDate: view.result.preview.prorationDate },
      { cookie },
    );
    expect(changed.result).toEqual({ changed: true, resourceId: 'starter-annual', quantity: 1 });
    const annual = await eventually(
      () => license(cookie),
      (l) => l.resourceId === 'starter-annual',
    );
    expect(annual.annualOffer).toBeNull();
  });

  it('a Pro trial is offered the switch too: it keeps the trial, and the annual price is charged at its end', async () => {
    const { cookie } = await subscribed('offer-pro-trial@example.com', 'pro-monthly');
    const trialing = await license(cookie);
    expect(trialing.subscription.trial).not.toBeNull();
    expect(trialing.annualOffer).toEqual({
      annualPriceCents: 19_000,
      yearOfMonthlyCents: 22_800,
      amountSavedCents: 3800,
      percentSaved: 17,
      checkoutPath: '/checkout?resourceId=pro-annual&quantity=1',
    });
    const view = await callFn(site.url, 'getPlanChange', { resourceId: 'pro-annual', quantity: 1 }, { cookie, method: 'GET' });
    expect(view.result.preview).toMatchObject({ amountDueCents: 0, trialEndsAt: trialing.subscription.trial.endsAt });
  });

  it('the offer counts every seat, goes to the owner only, and is withdrawn while the plan is set to end', async () => {
    const { cookie, licenseId, subscriptionId } = await subscribed('offer-pro-seats@example.com', 'pro-monthly', 2);
    expect((await license(cookie)).annualOffer).toEqual({
      annualPriceCents: 38_000,
      yearOfMonthlyCents: 45_600,
      amountSavedCents: 7600,
      percentSaved: 17,
      checkoutPath: '/checkout?resourceId=pro-annual&quantity=2',
    });

    // A seat holder sees the seat given to them, never the owner's offer.
    const holder = await giveSeatOverHttp(site, { cookie, licenseId }, 'offer-pro-seat@example.com');
    const seen = (await dashboard(holder.cookie)).result;
    expect(seen.licenses).toEqual([]);
    expect(seen.sharedSeats).toHaveLength(1);

    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const ending = await eventually(
      () => license(cookie),
      (l) => l.subscription.cancelAt !== null,
    );
    expect(ending.annualOffer).toBeNull();
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    const resumed = await eventually(
      () => license(cookie),
      (l) => l.subscription.cancelAt === null,
    );
    expect(resumed.annualOffer).toMatchObject({ checkoutPath: '/checkout?resourceId=pro-annual&quantity=2' });
  });

  it('an overdue plan is offered nothing (a switch waits for the unpaid renewal), nor a cancelled one', async () => {
    const { cookie, subscriptionId } = await subscribed('offer-overdue@example.com', 'starter-monthly');
    expect((await license(cookie)).annualOffer).not.toBeNull();
    expect((await failRenewal(subscriptionId)).status).toBe(200);
    const overdue = await eventually(
      () => license(cookie),
      (l) => l.subscription.status === 'past_due',
    );
    expect(overdue.annualOffer).toBeNull();
    const view = await callFn(site.url, 'getPlanChange', { resourceId: 'starter-annual', quantity: 1 }, { cookie, method: 'GET' });
    expect(view.result).toMatchObject({ kind: 'refused', code: 'checkout.plan_change_overdue' });

    await stripe.subscriptions.cancel(subscriptionId);
    const cancelled = await eventually(
      () => license(cookie),
      (l) => l.subscription.status === 'cancelled',
    );
    expect(cancelled.annualOffer).toBeNull();
  });

  it('Lifetime and annual plans are offered nothing', async () => {
    const lifetime = await buyLicenseOverHttp(site, 'offer-lifetime@example.com');
    expect((await license(lifetime.cookie)).annualOffer).toBeNull();
    const annual = await subscribed('offer-annual@example.com', 'starter-annual');
    expect((await license(annual.cookie)).annualOffer).toBeNull();
  });
});
