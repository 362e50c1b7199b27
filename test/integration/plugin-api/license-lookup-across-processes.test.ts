import { LICENSE_CHANGES_CHANNEL } from '../../../backend/src/modules/licenses/license-changes';
import { ListenHoldProxy } from '../../support/listen-hold-proxy';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { buyLicenseOverHttp, callFn, eventually, giveSeatOverHttp, startAddressableSite } from '../../support/site-client';
import { startSite, type SiteServer } from '../../support/site-server';

/**
 * Two api processes on one database and one Redis, as the site runs scaled out: `site` (api and
 * worker: it makes the changes and projects them) and `other` (api only), whose notifications of
 * license changes the test holds back. Each remembers license lookups for 2 s; a seat removed or
 * a key rotated through `site` must be refused by `other` on its very next check, with nothing
 * heard from the projector: only what `site` published before it answered can tell it.
 */
let site: SiteServer;
let other: SiteServer;
let otherPostgres: ListenHoldProxy;

beforeAll(async () => {
  site = await startAddressableSite('lookup-site');
  const database = new URL(site.databaseUrl);
  otherPostgres = new ListenHoldProxy({ host: database.hostname, port: Number(database.port || 5432) }, LICENSE_CHANGES_CHANNEL);
  await otherPostgres.start();
  const throughHold = Object.assign(new URL(site.databaseUrl), { hostname: '127.0.0.1', port: String(otherPostgres.port) }).toString();
  other = await startSite('lookup-other', { ROLE: 'api', DATABASE_URL: throughHold, QUEUE_PREFIX: site.queuePrefix });
}, 120_000);
afterAll(async () => {
  otherPostgres?.release();
  await other?.stop();
  await site?.stop();
  await otherPostgres?.stop();
}, 30_000);

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

const licensed = (email: string, seats = 1) => buyLicenseOverHttp(site, email, seats);

/** Allowed by both processes, twice each: `other`'s second answer comes from its memory of the first. */
async function rememberedAllowed(key: string): Promise<void> {
  expect((await validateLicense(other.url, key)).reading).toMatchObject({ code: 'allowed' });
  // An api remembers only while it hears changes; it starts listening on its first lookup.
  await eventually(
    async () => otherPostgres.listening,
    (n) => n > 0,
  );
  for (const url of [site.url, site.url, other.url, other.url]) expect((await validateLicense(url, key)).reading).toMatchObject({ code: 'allowed' });
}

async function refusedByBoth(key: string): Promise<void> {
  for (const [name, url] of [
    ['the other api', other.url],
    ['the site', site.url],
  ]) {
    const { status, reading } = await validateLicense(url!, key);
    expect({ name, status, reading }).toMatchObject({ name, status: 403, reading: { code: 'license_rejected', reason: 'revoked' } });
  }
}

describe('a license lookup remembered by another api process', () => {
  afterEach(() => otherPostgres.release());

  it("is not used once a seat's removal through one api has answered: the very next check on the other is refused", async () => {
    const owner = await licensed('lookup-seats@example.com', 2);
    const { key: seatKey } = await giveSeatOverHttp(site, owner, 'lookup-holder@example.com');
    await rememberedAllowed(seatKey);

    otherPostgres.hold();
    const removed = await callFn(site.url, 'removeSeat', { licenseId: owner.licenseId, email: 'lookup-holder@example.com' }, { cookie: owner.cookie });
    expect(removed.result).toEqual({ removed: true });
    await refusedByBoth(seatKey);
    otherPostgres.release();
    // The owner's own key is untouched.
    expect((await validateLicense(other.url, owner.key)).reading).toMatchObject({ code: 'allowed' });
  });

  it('is not used once a key rotation through one api has answered: the old key is refused by the other at once, the new one allowed', async () => {
    const owner = await licensed('lookup-rotation@example.com');
    await rememberedAllowed(owner.key);

    otherPostgres.hold();
    const rotated = await callFn(site.url, 'rotateLicenseKey', { licenseId: owner.licenseId }, { cookie: owner.cookie });
    expect(rotated.result).toMatchObject({ rotated: true });
    await refusedByBoth(owner.key);
    const newKey = (await dashboard(owner.cookie)).result.licenses[0].key as string;
    expect(newKey).not.toBe(owner.key);
    expect((await validateLicense(other.url, newKey)).reading).toMatchObject({ code: 'allowed' });
  });
});
