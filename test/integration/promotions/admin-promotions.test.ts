import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { callFn, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const SUPPORT = `support-promo-${randomUUID().slice(0, 8)}@example.com`;
const OWNER = `owner-promo-${randomUUID().slice(0, 8)}@example.com`;
let site: SiteServer;
let stripe: Stripe;
let pool: Pool;
let ownerCookie: string;
let supportCookie: string;

beforeAll(async () => {
  site = await startAddressableSite('admin-promotions', { LOCAL_SUPPORT_EMAILS: SUPPORT, LOCAL_ADMIN_EMAILS: OWNER });
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  ownerCookie = await signUpOverHttp(site, OWNER, 'Olive Owner');
  supportCookie = await signUpOverHttp(site, SUPPORT, 'Sam Support');
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const TERMS = {
  code: 'launch20',
  name: 'Launch',
  discount: { type: 'percent', percentOff: 20 },
  duration: { kind: 'repeating', months: 3 },
  productIds: [],
  maxRedemptions: 10,
  oncePerCustomer: true,
  firstPurchaseOnly: false,
  minimumAmountCents: null,
  startsAt: null,
  endsAt: '2027-01-31T23:00:00.000Z',
  stacksWithCodes: false,
};
const list = (cookie: string) => callFn(site.url, 'adminListPromotions', {}, { cookie, method: 'GET' });

describe('promotions in /admin', () => {
  it('the owner creates a code (in upper case): it is listed, audited, and mirrored at Stripe as a coupon and a promotion code', async () => {
    const created = await callFn(site.url, 'adminCreatePromotion', TERMS, { cookie: ownerCookie });
    expect(created).toMatchObject({ status: 200, result: { promotionId: 'LAUNCH20' } });
    const { result } = await eventually(
      () => list(ownerCookie),
      (answer) => answer.result?.promotions.length === 1,
    );
    expect(result.promotions[0]).toMatchObject({ promotionId: 'LAUNCH20', status: 'active', redeemed: 0, terms: { code: 'LAUNCH20', maxRedemptions: 10 } });
    const coupon = await eventually(
      () => stripe.coupons.retrieve('promotion-LAUNCH20').catch(() => null),
      (found) => found !== null,
    );
    expect(coupon).toMatchObject({ percent_off: 20, duration: 'repeating', duration_in_months: 3, name: 'Launch' });
    const codes = await eventually(
      () => stripe.promotionCodes.list({ code: 'LAUNCH20' }),
      (found) => found.data.length === 1,
    );
    expect(codes.data[0]).toMatchObject({ code: 'LAUNCH20', active: true, max_redemptions: 10, expires_at: Date.parse(TERMS.endsAt) / 1000 });
    const audit = await pool.query(`select data from events where type = 'AdminOperationPerformed' and data->>'operation' = 'adminCreatePromotion'`);
    expect(audit.rowCount).toBe(1);

    // A code is never given twice, even in another case.
    expect(await callFn(site.url, 'adminCreatePromotion', { ...TERMS, code: 'Launch20' }, { cookie: ownerCookie })).toMatchObject({
      status: 409,
      error: { code: 'promotion.exists' },
    });
  });

  it('support reads the list but may not create or end one', async () => {
    expect((await list(supportCookie)).status).toBe(200);
    expect(await callFn(site.url, 'adminCreatePromotion', { ...TERMS, code: 'SUPPORT1' }, { cookie: supportCookie })).toMatchObject({
      status: 403,
      error: { code: 'admin.owner_only' },
    });
    expect(await callFn(site.url, 'adminEndPromotion', { promotionId: 'LAUNCH20' }, { cookie: supportCookie })).toMatchObject({
      status: 403,
      error: { code: 'admin.owner_only' },
    });
  });

  it('refuses terms that cannot be: a code of odd characters, 0% or 150% off, an end before the start', async () => {
    for (const terms of [
      { ...TERMS, code: 'NO SPACES' },
      { ...TERMS, code: 'A\u0000B' },
      { ...TERMS, code: 'PCT0', discount: { type: 'percent', percentOff: 0 } },
      { ...TERMS, code: 'PCT150', discount: { type: 'percent', percentOff: 150 } },
      { ...TERMS, code: 'BACKWARDS', startsAt: '2027-02-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z' },
    ]) {
      expect((await callFn(site.url, 'adminCreatePromotion', terms, { cookie: ownerCookie })).status).toBe(400);
    }
  });

  it('the owner ends it: listed as ended, the promotion code inactive at Stripe; ending again changes nothing', async () => {
    const ended = await callFn(site.url, 'adminEndPromotion', { promotionId: 'LAUNCH20' }, { cookie: ownerCookie });
    expect(ended).toMatchObject({ status: 200, result: { promotionId: 'LAUNCH20' } });
    await eventually(
      () => list(ownerCookie),
      (answer) => answer.result?.promotions[0]?.status === 'ended',
    );
    await eventually(
      () => stripe.promotionCodes.list({ code: 'LAUNCH20' }),
      (found) => found.data[0]?.active === false,
    );
    const again = await callFn(site.url, 'adminEndPromotion', { promotionId: 'LAUNCH20' }, { cookie: ownerCookie });
    expect(again.result.endedAt).toBe(ended.result.endedAt);
    expect(await callFn(site.url, 'adminEndPromotion', { promotionId: 'NOPE' }, { cookie: ownerCookie })).toMatchObject({ status: 404 });
  });
});
