import { Client } from 'pg';
import { preflight, PreflightError } from '../../../backend/src/platform/boot/preflight';
import { migrate } from '../../../backend/src/platform/boot/migrate';
import { migrationsList } from '../../../backend/src/migrations';
import { databaseExists, dropTestDatabase } from '../../support/test-database';

const REDIS_URL = 'redis://127.0.0.1:6379/0';

describe('preflight', () => {
  it('names Postgres and how to start it when nothing answers', async () => {
    const failure = preflight({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/sculpt', REDIS_URL });
    await expect(failure).rejects.toBeInstanceOf(PreflightError);
    await expect(failure).rejects.toThrow(/^Postgres is not answering at postgres:\/\/postgres@127\.0\.0\.1:1\/sculpt .*Start it with/);
  });

  it('says how to let the user in when Postgres answers but refuses it, instead of calling it down', async () => {
    const failure = preflight({ DATABASE_URL: 'postgres://nobody_at_all@127.0.0.1:5432/sculpt', REDIS_URL });
    await expect(failure).rejects.toThrow(
      /^Postgres at postgres:\/\/nobody_at_all@127\.0\.0\.1:5432\/sculpt refused to sign in user "nobody_at_all" .*set DATABASE_URL/,
    );
  });

  it('names Redis and how to start it when nothing answers', async () => {
    const failure = preflight({ DATABASE_URL: process.env.TEST_DATABASE_URL!, REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(failure).rejects.toThrow(/^Redis is not answering at redis:\/\/127\.0\.0\.1:1.*Start it with/);
  });

  it('refuses a start with Redis down before creating a missing database, so nothing is left behind', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `sculpt_test_redis_down_${Date.now().toString(36)}`;
    url.pathname = `/${name}`;
    try {
      await expect(preflight({ DATABASE_URL: url.toString(), REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(/^Redis is not answering/);
      expect(await databaseExists(name)).toBe(false);
    } finally {
      await dropTestDatabase(url.toString());
    }
  });

  it('creates a missing database, and migrations then build the event log in it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/sculpt_test_fresh_${Date.now().toString(36)}`;
    try {
      await preflight({ DATABASE_URL: url.toString(), REDIS_URL });
      expect(await migrate({ DATABASE_URL: url.toString() })).toEqual(migrationsList.map((m) => m.name));
      expect(await migrate({ DATABASE_URL: url.toString() })).toEqual([]);
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query("select to_regclass('public.events') as events");
      await client.end();
      expect(rows[0].events).toBe('events');
    } finally {
      await dropTestDatabase(url.toString());
    }
  });
});
