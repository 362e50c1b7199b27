// Grants lifetime licenses straight into a bench database: LicenseGranted events through the
// EventStore, then the production LicensesProjector until rm_licenses holds them all. Faster than
// buying through the emulator, and the api reads them exactly as it reads bought ones.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../../dist/app/backend/src/${path}`);
const { EventRegistry } = dist('events/event-registry.js');
const { EventStore } = dist('events/event-store.js');
const { projectBatch } = dist('events/project-batch.js');
const { mikroOrmConfig } = dist('platform/database/mikro-orm.config.js');
const { licenseEvents, licenseStreamId } = dist('modules/licenses/licenses.events.js');
const { licenseIdFor } = dist('modules/licenses/commands/license-id.js');
const { LicensesProjector } = dist('modules/licenses/projections/licenses.projector.js');
const { generateLicenseKey, licenseKeyHash, licenseKeyHint, sealLicenseKey } = dist('modules/licenses/license-key.js');
const { MikroORM } = require('@mikro-orm/postgresql');

const SECRET = 'bench-plugin-api-sealing-secret-0123456789';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Returns the licenses' keys, in the order their owners (`user_bench_<n>`) are numbered.
 * `emails: false` grants them without an address: a site with a worker then sends no license-key
 * email for them (it could not open keys sealed with this bench secret anyway).
 */
export async function grantLicenses(databaseUrl, count, { includedCreditsPerMonth = 0, devicesPerSeat = 3, emails = true } = {}) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  const store = new EventStore(db, new EventRegistry().register(...licenseEvents));
  const orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: databaseUrl }));
  try {
    const keys = Array.from({ length: count }, () => generateLicenseKey());
    const grantedAt = new Date().toISOString();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < count) {
          const n = next++;
          const licenseId = licenseIdFor(`bench:${randomUUID()}`);
          const key = keys[n];
          const data = {
            licenseId,
            userId: `user_bench_${n}`,
            email: emails ? `plugin-${n}@example.com` : null,
            resourceId: 'lifetime-license',
            plan: 'lifetime-license',
            kind: 'lifetime',
            seats: 1,
            devicesPerSeat,
            includedCreditsPerMonth,
            keySealed: sealLicenseKey(key, SECRET),
            keyHash: licenseKeyHash(key),
            keyHint: licenseKeyHint(key),
            source: { checkoutRef: null, subscriptionId: null },
            validUntil: null,
            grantedAt,
          };
          await store.append(licenseStreamId(licenseId), 'no-stream', [{ type: 'LicenseGranted', data }], {
            correlationId: randomUUID(),
            causationId: null,
            actor: { kind: 'system' },
          });
        }
      }),
    );
    const projector = new LicensesProjector();
    for (;;) {
      const batch = await projectBatch(orm, store, projector, { batchSize: 1_000 });
      if (batch.caughtUp && !batch.heldBack) break;
      if (batch.applied === 0) await sleep(20);
    }
    const { rows } = await db.query('select count(*)::int as n from rm_licenses');
    if (rows[0].n !== count) throw new Error(`rm_licenses holds ${rows[0].n} licenses, expected ${count}`);
    return keys;
  } finally {
    await orm.close();
    await db.end();
  }
}
