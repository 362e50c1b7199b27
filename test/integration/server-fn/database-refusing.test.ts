import { Client } from 'pg';
import { prepareDatabase } from '../../../backend/src/prepare-database';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { eventually } from '../../support/waits';

/** Postgres refusing connections (as with "too many clients" under load) is a 503 to retry, not a 500. */
describe('a server function while Postgres refuses connections', () => {
  let databaseUrl: string;
  let api: TestApi;
  let admin: Client;
  // The api signs in as a role of its own: a connection limit binds it (superusers are exempt).
  const role = `sculpt_limited_${Math.random().toString(36).slice(2, 10)}`;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase('db-refusing');
    await prepareDatabase({ DATABASE_URL: databaseUrl });
    admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create role ${role} login password 'limited'`);
    await admin.query(`grant all privileges on all tables in schema public to ${role}`);
    await admin.query(`grant all privileges on all sequences in schema public to ${role}`);
    await admin.query(`grant usage, create on schema public to ${role}`);
    const limited = new URL(databaseUrl);
    limited.username = role;
    limited.password = 'limited';
    api = await startTestApi({ env: { DATABASE_URL: limited.toString(), QUEUE_PREFIX: uniqueQueuePrefix('db-refusing') } });
  });
  afterAll(async () => {
    await api?.close();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = $1`, [role]);
    await admin.end();
    await dropTestDatabase(databaseUrl);
    const cleanup = new Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres') });
    await cleanup.connect();
    await cleanup.query(`drop role if exists ${role}`);
    await cleanup.end();
  });

  // The sessions page's data: read from the read models on every call.
  const listResources = () => fetch(`${api.url}/_serverFn/getSessionsPageData?payload=${encodeURIComponent('{}')}`);

  it('answers UNAVAILABLE (503), and answers again once Postgres takes connections', async () => {
    expect((await listResources()).status).toBe(200);
    // No new connections to this database, and the open ones closed: the next query must connect.
    await admin.query(`alter role ${role} connection limit 0`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
    for (let left = 1; left > 0;) {
      left = Number((await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where usename = $1', [role])).rows[0]!.n);
    }
    // The pools notice their dead connections on first use; the request after that must connect anew.
    const answers = [await listResources(), await listResources()];
    const refused = answers.find((response) => response.status !== 200);
    expect(refused?.status).toBe(503);
    expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe('UNAVAILABLE');

    await admin.query(`alter role ${role} connection limit -1`);
    const back = await eventually(
      'it answers again',
      async () => (await listResources()).status,
      (status) => status === 200,
      4_000,
      100,
    );
    expect(back).toBe(200);
  });
});
