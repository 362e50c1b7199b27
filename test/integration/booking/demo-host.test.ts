import type { Pool } from 'pg';
import { ApiModule } from '../../../backend/src/app.module';
import { prepareDatabase } from '../../../backend/src/prepare-database';
import { DemoModule } from '../../../backend/src/modules/demo/demo.module';
import { DEMO_HOST, localAdminEmails, usesDemoData } from '../../../backend/src/modules/demo/demo-data';
import { DemoHostSeeder } from '../../../backend/src/modules/demo/demo-host.seeder';
import { HostAvailabilityChanged } from '../../../backend/src/modules/availability/availability.events';
import { EventStore } from '../../../backend/src/events/event-store';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi } from '../../support/test-api';
import { testConfig } from '../../support/test-config';
import { testPool } from '../../support/test-events';

const CLERK = {
  CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`,
  CLERK_SECRET_KEY: 'sk_test_abc',
  CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
};

describe('the demo host on the embedded defaults', () => {
  let databaseUrl: string;
  let pool: Pool;
  beforeAll(async () => {
    // A database of its own: the first start is the point.
    databaseUrl = await createTestDatabase('demo-host');
    await prepareDatabase({ DATABASE_URL: databaseUrl });
    pool = testPool(2, databaseUrl);
  });
  afterAll(async () => {
    await pool.end();
    await dropTestDatabase(databaseUrl);
  });

  const start = () => startTestApi({ env: { DATABASE_URL: databaseUrl, LOCAL_DEMO_DATA: 'true', QUEUE_PREFIX: uniqueQueuePrefix('demo-host') } });
  const hours = async () =>
    (
      await pool.query<{ stream_id: string; data: { hostName: string; schedule: { timeZone: string } } }>(
        "select stream_id, data from events where type = 'HostAvailabilityChanged' order by position",
      )
    ).rows;

  it('is made on the first start with weekly hours, recorded as HostAvailabilityChanged, and is a host', async () => {
    const api = await start();
    try {
      const { rows: users } = await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [DEMO_HOST.email]);
      expect(users).toHaveLength(1);
      const seeded = await hours();
      expect(seeded).toEqual([
        {
          stream_id: `host-availability-${users[0]!.id}`,
          data: expect.objectContaining({ hostName: 'Demo Host', schedule: expect.objectContaining({ timeZone: 'Europe/London' }) }),
        },
      ]);
      expect(localAdminEmails(api.config)).toContain(DEMO_HOST.email);
    } finally {
      await api.close();
    }
  });

  it('is never seeded again, even after the host changed their hours', async () => {
    const [seeded] = await hours();
    // The host edits their hours (what saveHostAvailability records), then the site restarts.
    const editing = await start();
    try {
      const data = { ...seeded!.data, schedule: { ...seeded!.data.schedule, bufferMinutes: 0 } } as Parameters<typeof HostAvailabilityChanged>[0];
      await editing.app
        .get(EventStore)
        .append(seeded!.stream_id, 1, [HostAvailabilityChanged(data)], {
          correlationId: 'edit',
          causationId: null,
          actor: { kind: 'user', userId: data.hostUserId },
        });
    } finally {
      await editing.close();
    }
    const api = await start();
    try {
      expect(await api.app.get(DemoHostSeeder).seed()).toBe('already-seeded');
      const after = await hours();
      expect(after).toHaveLength(2);
      expect((await pool.query('select count(*)::int as n from local_identity_users where email = $1', [DEMO_HOST.email])).rows[0].n).toBe(1);
    } finally {
      await api.close();
    }
  });
});

describe('with real keys configured', () => {
  const importsOf = (env: Record<string, string>) => ApiModule.forRoot(testConfig({ LOCAL_DEMO_DATA: 'true', ...env })).imports ?? [];

  it('loads the demo data on the embedded defaults only', () => {
    expect(importsOf({})).toContain(DemoModule);
    expect(importsOf({ STRIPE_SECRET_KEY: 'sk_live_abc123' })).not.toContain(DemoModule);
    expect(importsOf(CLERK)).not.toContain(DemoModule);
    expect(importsOf({ LOCAL_DEMO_DATA: 'false' })).not.toContain(DemoModule);
  });

  it('gives the demo host no role beside real keys', () => {
    expect(usesDemoData(testConfig({ LOCAL_DEMO_DATA: 'true', STRIPE_SECRET_KEY: 'sk_test_abc123' }))).toBe(false);
    expect(localAdminEmails(testConfig({ LOCAL_DEMO_DATA: 'true', ...CLERK, LOCAL_ADMIN_EMAILS: 'ops@example.com' }))).toEqual(['ops@example.com']);
  });
});
