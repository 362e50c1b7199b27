import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { LICENSE_CHANGES_CHANNEL, LicenseChanges } from '../../../backend/src/modules/licenses/license-changes';
import { emulatorStripe } from '../../support/emulator-client';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { readBalance } from '../../support/plugin-credits-decoder';
import { callFn, giveSeatOverHttp } from '../../support/site-client';
import { startTestApi, type TestApi } from '../../support/test-api';
import { CREDITS_API_TOKEN, usePluginContractSite } from './support/plugin-contract-site';

/**
 * Keys taken back, refused by every api process at once. Two api processes share one database: the
 * built site (a child process, which also runs the projections) and an api in this process, whose
 * LicenseChanges the test can watch.
 */
const harness = usePluginContractSite('revoked-keys-across-apis');
const { licensed, dashboard } = harness;

describe('a key taken back is refused by every api process at once', () => {
  let other: TestApi;
  let listener: Client;
  const processes = () => [
    { name: 'the site (which made the change)', url: harness.site.url },
    { name: 'another api process', url: other.url },
  ];
  beforeAll(async () => {
    // One site: both apis share its database and its Redis keys (the rate limits, the license lookups' generation).
    other = await startTestApi({ env: { DATABASE_URL: harness.site.databaseUrl, QUEUE_PREFIX: harness.site.queuePrefix, CREDITS_API_TOKEN } });
    // Listening before anything is remembered: an api remembers keys only while it hears changes.
    await other.app.get(LicenseChanges).start();
    expect(other.app.get(LicenseChanges).listening).toBe(true);
    listener = new Client({ connectionString: harness.site.databaseUrl });
    await listener.connect();
  });
  afterAll(async () => {
    await listener?.end();
    await other?.close();
  });

  /**
   * Resolves when the other api has heard every license change committed so far: notifications
   * reach a listener in commit order, so one sent now is heard after them.
   */
  async function otherHasHeardEverything(): Promise<void> {
    const marker = `marker-${randomUUID()}`;
    const heard = heardBy(other, marker);
    await listener.query('select pg_notify($1, $2)', [LICENSE_CHANGES_CHANNEL, marker]);
    await heard;
  }

  function heardBy(api: TestApi, licenseId: string): Promise<number> {
    return new Promise((resolve) => {
      const off = api.app.get(LicenseChanges).onChange((changed) => {
        if (changed !== licenseId) return;
        off();
        resolve(performance.now());
      });
    });
  }

  async function allowedEverywhere(key: string): Promise<void> {
    // Twice each: the second answer may come from the api's memory of the first.
    for (const { url } of processes()) for (let i = 0; i < 2; i += 1) expect((await validateLicense(url, key)).reading).toMatchObject({ code: 'allowed' });
  }

  async function refusedEverywhere(key: string): Promise<void> {
    for (const { name, url } of processes()) {
      const { status, reading } = await validateLicense(url, key);
      expect({ name, status, reading }).toMatchObject({ name, status: 403, reading: { code: 'license_rejected', reason: 'revoked' } });
      const credits = await readBalance(url, key);
      expect({ name, status: credits.status }).toEqual({ name, status: 403 });
    }
  }

  it('a removed seat: refused by both apis as soon as removeSeat returns', async () => {
    const owner = await licensed('contract-seats@example.com', 2);
    const { key: seatKey } = await giveSeatOverHttp(harness.site, owner, 'contract-holder@example.com');
    await allowedEverywhere(seatKey);
    await otherHasHeardEverything();

    const heard = heardBy(other, owner.licenseId);
    const removed = await callFn(
      harness.site.url,
      'removeSeat',
      { licenseId: owner.licenseId, email: 'contract-holder@example.com' },
      { cookie: owner.cookie },
    );
    const returnedAt = performance.now();
    expect(removed.result).toEqual({ removed: true });
    await refusedEverywhere(seatKey);
    const heardAt = await heard;
    console.info(`the other api heard the seat's removal ${(heardAt - returnedAt).toFixed(1)} ms after removeSeat returned`);
    await allowedEverywhere(owner.key);
  });

  it('a rotated key: the old key refused by both processes when rotateLicenseKey returns, the new one allowed by both', async () => {
    const owner = await licensed('contract-rotation@example.com');
    await allowedEverywhere(owner.key);
    await otherHasHeardEverything();

    const heard = heardBy(other, owner.licenseId);
    const rotated = await callFn(harness.site.url, 'rotateLicenseKey', { licenseId: owner.licenseId }, { cookie: owner.cookie });
    expect(rotated.result).toMatchObject({ rotated: true });
    await refusedEverywhere(owner.key);
    await heard;
    const newKey = (await dashboard(owner.cookie)).result.licenses[0].key as string;
    expect(newKey).not.toBe(owner.key);
    await allowedEverywhere(newKey);
  });

  it("a refunded license, revoked by the worker from Stripe's event: refused by the other api as soon as it hears the projector", async () => {
    const owner = await licensed('contract-refund@example.com');
    await allowedEverywhere(owner.key);
    await otherHasHeardEverything();

    const heard = heardBy(other, owner.licenseId);
    const stripe = emulatorStripe(harness.site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(owner.checkoutUrl).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    await heard;
    const { status, reading } = await validateLicense(other.url, owner.key);
    expect({ status, reading }).toMatchObject({ status: 403, reading: { code: 'license_rejected', reason: 'revoked' } });
  });

  it('an api that is not hearing changes remembers nothing: each check reads the license afresh', async () => {
    const owner = await licensed('contract-deaf@example.com', 2);
    const deaf = await startTestApi({ env: { DATABASE_URL: harness.site.databaseUrl } });
    try {
      const changes = deaf.app.get(LicenseChanges);
      await changes.stop();
      expect(changes.listening).toBe(false);
      const { key: seatKey } = await giveSeatOverHttp(harness.site, owner, 'contract-deaf-holder@example.com');
      for (let i = 0; i < 2; i += 1) expect((await validateLicense(deaf.url, seatKey)).reading).toMatchObject({ code: 'allowed' });
      await callFn(harness.site.url, 'removeSeat', { licenseId: owner.licenseId, email: 'contract-deaf-holder@example.com' }, { cookie: owner.cookie });
      expect((await validateLicense(deaf.url, seatKey)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked' });
    } finally {
      await deaf.close();
    }
  });
});
