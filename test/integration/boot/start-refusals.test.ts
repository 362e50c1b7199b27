import { runMainUntilExit } from '../../support/main-process';
import { freePort } from '../../support/site-client';
import { startSite } from '../../support/site-server';
import { adminDatabaseUrl, databaseExists, dropTestDatabase } from '../../support/test-database';

/** The README's start-up contract: what a refused start prints, and the exit code it ends with. */
describe('a start refused for its configuration', () => {
  it('exits 78 with one line per problem, each naming its variable', async () => {
    const { code, stdout, stderr } = await runMainUntilExit({ NODE_ENV: 'production' });
    expect(code).toBe(78);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^Refusing to start in production: [A-Z_]+: \S/);
  }, 30_000);

  it('exits 78 naming each malformed variable and what is wrong, never its value', async () => {
    const { code, stderr } = await runMainUntilExit({ PORT: 'eighty', STRIPE_SECRET_KEY: 'rk_live_51ThisRestrictedKeyStaysSecret' });
    expect(code).toBe(78);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: PORT: \S/),
      'Invalid configuration: STRIPE_SECRET_KEY: a Stripe secret key such as sk_live_…',
    ]);
    expect(stderr).not.toMatch(/eighty|rk_live|ThisRestrictedKey/);
  }, 30_000);
});

describe('a start refused because a server does not answer', () => {
  it('exits 69 with one line naming Redis, and leaves no new database behind', async () => {
    const name = `sculpt_test_refused_${Date.now().toString(36)}`;
    const databaseUrl = new URL(adminDatabaseUrl());
    databaseUrl.pathname = `/${name}`;
    try {
      const { code, stdout, stderr } = await runMainUntilExit({ DATABASE_URL: databaseUrl.toString(), REDIS_URL: 'redis://127.0.0.1:1/0' });
      expect(code).toBe(69);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^✖ Redis is not answering at redis:\/\/127\.0\.0\.1:1\/0 .*Start it with/)]);
      expect(await databaseExists(name)).toBe(false);
    } finally {
      await dropTestDatabase(databaseUrl.toString());
    }
  }, 30_000);

  it('exits 69 with one line naming Postgres', async () => {
    const { code, stderr } = await runMainUntilExit({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/sculpt' });
    expect(code).toBe(69);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^✖ Postgres is not answering at postgres:\/\/postgres@127\.0\.0\.1:1\/sculpt .*Start it with/),
    ]);
  }, 30_000);
});

describe('PORT alone', () => {
  it('moves PUBLIC_URL with the server: links name the port it listens on; SIGTERM then exits 0', async () => {
    const port = await freePort();
    const site = await startSite('port-alone', { PORT: String(port), PUBLIC_URL: undefined });
    try {
      expect(site.url).toBe(`http://127.0.0.1:${port}`);
      const robots = await (await fetch(`${site.url}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
      const exited = new Promise<number | null>((resolve) => site.child.once('exit', resolve));
      site.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await site.stop();
    }
  }, 90_000);
});
