import { generateLicenseKey } from '../../../backend/src/modules/licenses/license-key';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { TcpProxy, throughProxy } from '../../support/tcp-proxy';
import { startSite, type SiteServer } from '../../support/site-server';
import { createTestDatabase, dropTestDatabase } from '../../support/test-database';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0');
const redis = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
let postgres: TcpProxy;
let databaseUrl: string;
/** The built site in its own process, reaching Postgres and Redis through proxies the test can cut. */
let api: SiteServer;

beforeAll(async () => {
  databaseUrl = await createTestDatabase('outage');
  const db = new URL(databaseUrl);
  postgres = new TcpProxy(db.hostname, Number(db.port || 5432));
  await Promise.all([postgres.start(), redis.start()]);
  api = await startSite('outage', { DATABASE_URL: throughProxy(databaseUrl, postgres), REDIS_URL: throughProxy(redisUrl.toString(), redis) });
}, 90_000);
afterAll(async () => {
  await Promise.all([postgres.restore(), redis.restore()]);
  // It must still shut down cleanly (exit 0) after both outages.
  await api.stop();
  await Promise.all([postgres.stop(), redis.stop()]);
  await dropTestDatabase(databaseUrl);
}, 30_000);

describe('license checks while our database or Redis is down', () => {
  it('answers 503 temporarily_unavailable, retryable and grace-eligible, when Postgres cannot be reached, and recovers', async () => {
    const key = generateLicenseKey();
    expect((await validateLicense(api.url, key)).reading).toMatchObject({ code: 'license_rejected', reason: 'invalid' });
    await postgres.cut();
    const down = await validateLicense(api.url, generateLicenseKey());
    expect(down.status).toBe(503);
    expect(down.reading).toMatchObject({ kind: 'answer', code: 'temporarily_unavailable', retryable: true, graceEligible: true, dropsCachedLicense: false });
    await postgres.restore();
    let back = await validateLicense(api.url, generateLicenseKey());
    for (let i = 0; i < 20 && back.status === 503; i += 1) back = await validateLicense(api.url, generateLicenseKey());
    expect(back.reading).toMatchObject({ code: 'license_rejected', reason: 'invalid' });
  });

  it('answers 503 temporarily_unavailable when Redis (the rate limits) cannot be reached, within a few seconds', async () => {
    await redis.cut();
    const started = Date.now();
    const down = await validateLicense(api.url, generateLicenseKey());
    expect(down.status).toBe(503);
    expect(down.reading).toMatchObject({ code: 'temporarily_unavailable', retryable: true, graceEligible: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    await redis.restore();
  });
});
