import { Client } from 'pg';
import { CATALOG_CHANGES_CHANNEL } from '../../../backend/src/platform/database/catalog-changes';
import { ListenHoldProxy } from '../../support/listen-hold-proxy';
import { eventually } from '../../support/site-client';
import { startSite, type SiteServer } from '../../support/site-server';

/**
 * listResources is answered from each api process's memory, and a change to the catalog, made by
 * anyone (here an operator's SQL, as a deploy's seed would), reaches every process. Two api
 * processes share one database; the other's catalog notifications pass through a hold the test
 * controls, so what it serves before and after hearing of the change can be told apart.
 */
let site: SiteServer;
let other: SiteServer;
let otherPostgres: ListenHoldProxy;
let sql: Client;

beforeAll(async () => {
  site = await startSite('catalog-cache', { ROLE: 'api' });
  const database = new URL(site.databaseUrl);
  otherPostgres = new ListenHoldProxy({ host: database.hostname, port: Number(database.port || 5432) }, CATALOG_CHANGES_CHANNEL);
  await otherPostgres.start();
  const throughHold = Object.assign(new URL(site.databaseUrl), { hostname: '127.0.0.1', port: String(otherPostgres.port) }).toString();
  other = await startSite('catalog-cache-other', { ROLE: 'api', DATABASE_URL: throughHold, QUEUE_PREFIX: site.queuePrefix });
  sql = new Client({ connectionString: site.databaseUrl });
  await sql.connect();
}, 120_000);
afterAll(async () => {
  otherPostgres?.release();
  await sql?.end();
  await other?.stop();
  await site?.stop();
  await otherPostgres?.stop();
}, 30_000);

async function templateTitles(url: string): Promise<string[]> {
  const response = await fetch(`${url}/_serverFn/listResources?payload=${encodeURIComponent(JSON.stringify({ category: 'template' }))}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { resources: { title: string }[] } };
  return body.result.resources.map((r) => r.title);
}

const retitle = (title: string) => sql.query(`update resources set title = $1 where id = 'meeting-notes-system'`, [title]);

/** Whether the other api says (on /readyz) that it hears catalog changes, i.e. keeps what it reads. */
async function otherListens(): Promise<boolean> {
  const report = (await (await fetch(`${other.url}/readyz`)).json()) as { catalogChanges?: string };
  return report.catalogChanges === 'listening';
}

/** Asked once, so it listens; asked again once it does, so the list is kept. */
async function keptByOther(): Promise<string[]> {
  await templateTitles(other.url);
  await eventually(otherListens, (listening) => listening);
  return templateTitles(other.url);
}

describe('listResources, kept in each api process', () => {
  afterEach(() => otherPostgres.release());

  it('serves what it kept until it hears of a change, then the changed catalog, in every process', async () => {
    const before = await keptByOther();
    expect(before).toContain('Meeting Notes System');
    expect(await templateTitles(site.url)).toEqual(before);

    otherPostgres.hold();
    await retitle('Meeting Notes System, second edition');
    // The site hears it at once; the other, its notifications held, still serves the list it kept.
    await eventually(
      () => templateTitles(site.url),
      (titles) => titles.includes('Meeting Notes System, second edition'),
    );
    expect(await templateTitles(other.url)).toEqual(before);

    otherPostgres.release();
    await eventually(
      () => templateTitles(other.url),
      (titles) => titles.includes('Meeting Notes System, second edition') && !titles.includes('Meeting Notes System'),
    );
  });

  it('forgets what it kept when its notifications were lost (the connection dropped and opened again)', async () => {
    const kept = await keptByOther();
    otherPostgres.hold();
    await retitle('Meeting Notes System, third edition');
    // The notification of that change is lost with the connection; the one it opens next hears only later changes.
    otherPostgres.dropListeners();
    otherPostgres.release();
    // Its new connection has passed on LISTEN (the proxy counts from zero after the drop), and it has read the answer.
    await eventually(
      async () => otherPostgres.listening,
      (n) => n > 0,
    );
    await eventually(otherListens, (listening) => listening);
    const after = await templateTitles(other.url);
    expect(after).not.toEqual(kept);
    expect(after).toContain('Meeting Notes System, third edition');
  });
});
