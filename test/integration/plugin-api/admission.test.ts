import { generateLicenseKey } from '../../../backend/src/modules/licenses/license-key';
import { emulatorStripe } from '../../support/emulator-client';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

let site: SiteServer;
beforeAll(async () => {
  site = await startAddressableSite('admission');
}, 90_000);
afterAll(() => site?.stop());

/** A license check's answer may be remembered this long (LicenseLookup) by a process that did not make the change. */
const LOOKUP_CACHE_MS = 2_100;
const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

async function buy(email: string, resourceId: string, quantity = 1): Promise<{ cookie: string; key: string; licenseId: string; checkoutUrl: string }> {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses.length === 1,
  );
  return { cookie, key: data.result.licenses[0].key, licenseId: data.result.licenses[0].licenseId, checkoutUrl: started.result.url };
}

describe('GET /api/plugin/license/validate, read as the plugin reads it (admission-v1)', () => {
  it('asks for a key when none is sent (401), and rejects a malformed or unknown one as invalid (403)', async () => {
    expect((await validateLicense(site.url, null)).reading).toMatchObject({ kind: 'answer', code: 'license_required', dropsCachedLicense: false });
    for (const key of ['not-a-key', 'SSAI-AAAAA', generateLicenseKey()]) {
      const { status, reading, raw } = await validateLicense(site.url, key);
      expect(status).toBe(403);
      expect(reading).toMatchObject({ kind: 'answer', code: 'license_rejected', reason: 'invalid', dropsCachedLicense: true });
      expect(raw).not.toContain(key);
    }
  });

  it("allows a bought license, its request_id being the request id of our logs; a seat holder's own key is allowed too", async () => {
    const owner = await buy('admitted@example.com', 'lifetime-license', 2);
    const { status, reading, headers, raw } = await validateLicense(site.url, owner.key.toLowerCase().replace(/-/g, ' '));
    expect(status).toBe(200);
    expect(reading).toMatchObject({ kind: 'answer', code: 'allowed' });
    expect(reading.kind === 'answer' && reading.requestId).toBe(headers.get('x-request-id'));
    expect(raw).not.toContain(owner.key);

    await callFn(site.url, 'assignSeat', { licenseId: owner.licenseId, email: 'seat-holder@example.com' }, { cookie: owner.cookie });
    const holder = await signUpOverHttp(site, 'seat-holder@example.com');
    const seat = await eventually(
      () => dashboard(holder),
      (d) => d.result?.sharedSeats.length === 1,
    );
    const seatKey = seat.result.sharedSeats[0].key as string;
    expect(seatKey).not.toBe(owner.key);
    expect((await validateLicense(site.url, seatKey)).reading).toMatchObject({ code: 'allowed' });

    await callFn(site.url, 'removeSeat', { licenseId: owner.licenseId, email: 'seat-holder@example.com' }, { cookie: owner.cookie });
    expect((await validateLicense(site.url, seatKey)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked' });
  });

  it('rotating a key refuses the old one as revoked at once and allows the new one; checks show in the key health', async () => {
    const owner = await buy('rotator@example.com', 'lifetime-license');
    await validateLicense(site.url, owner.key);
    const rotated = await callFn(site.url, 'rotateLicenseKey', { licenseId: owner.licenseId }, { cookie: owner.cookie });
    expect(rotated.result).toMatchObject({ rotated: true, keyHint: expect.stringMatching(/^SSAI-…-/) });
    expect((await validateLicense(site.url, owner.key)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked' });
    const after = (await dashboard(owner.cookie)).result.licenses[0];
    expect(after.key).not.toBe(owner.key);
    expect((await validateLicense(site.url, after.key)).reading).toMatchObject({ code: 'allowed' });
    const health = await eventually(
      () => dashboard(owner.cookie),
      (d) => d.result?.licenses[0].recentChecks.length >= 3,
    );
    expect(health.result.licenses[0].recentChecks.map((c: { code: string; reason: string | null }) => [c.code, c.reason])).toEqual([
      ['allowed', null],
      ['license_rejected', 'revoked'],
      ['allowed', null],
    ]);
    expect(health.result.licenses[0].recentChecks[0]).toMatchObject({ pluginVersion: '4.2.0' });
    const stranger = await signUpOverHttp(site, 'not-the-rotator@example.com');
    expect((await callFn(site.url, 'rotateLicenseKey', { licenseId: owner.licenseId }, { cookie: stranger })).status).toBe(404);
  });

  it('a refund revokes; a cancelled subscription has expired', async () => {
    const refunded = await buy('refund-me@example.com', 'lifetime-license');
    const stripe = emulatorStripe(site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(refunded.checkoutUrl).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    await eventually(
      () => dashboard(refunded.cookie),
      (d) => d.result?.licenses[0]?.status === 'revoked',
    );
    // Lets another process's remembered answer lapse (LOOKUP_CACHE_MS): its cache tells no one, so only its lifetime can pass.
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_CACHE_MS));
    expect((await validateLicense(site.url, refunded.key)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked' });

    const subscriber = await buy('lapsed@example.com', 'starter-monthly');
    expect((await validateLicense(site.url, subscriber.key)).reading).toMatchObject({ code: 'allowed' });
    const subscriptionId = (await dashboard(subscriber.cookie)).result.licenses[0].subscription.subscriptionId;
    await stripe.subscriptions.cancel(subscriptionId);
    await eventually(
      () => dashboard(subscriber.cookie),
      (d) => d.result?.licenses[0]?.status === 'ended',
    );
    // As above: a remembered answer lapses only with time, and the check must not read it.
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_CACHE_MS));
    expect((await validateLicense(site.url, subscriber.key)).reading).toMatchObject({ code: 'license_rejected', reason: 'expired' });
  });

  it('limits checks per key (429 rate_limited with Retry-After), read by the plugin as an answer, not an outage', async () => {
    const owner = await buy('chatty@example.com', 'lifetime-license');
    const answers = [];
    for (let i = 0; i < 32; i += 1) answers.push(await validateLicense(site.url, owner.key, { 'x-forwarded-for': `198.51.100.${i}` }));
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    const limited = answers[31]!;
    expect(limited.status).toBe(429);
    expect(limited.reading).toMatchObject({ kind: 'answer', code: 'rate_limited', dropsCachedLicense: false });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
