import { randomUUID } from 'node:crypto';
import { Inject, type INestApplicationContext, Module, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Pool } from 'pg';
import { ConfigModule } from '../../../backend/src/platform/config/config.module';
import { DatabaseModule } from '../../../backend/src/platform/database/database.module';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { EventsModule } from '../../../backend/src/events/events.module';
import { EVENTS_POOL } from '../../../backend/src/events/events.tokens';
import { ProjectionModule } from '../../../backend/src/events/projection.module';
import { ProjectorRegistry } from '../../../backend/src/events/projector-registry';
import { countingProjector, createCountingTables, seenSummary } from '../../support/counting-projector';
import { CounterIncremented, metadata, NoteRenamed, testPool } from '../../support/test-events';
import { testConfig } from '../../support/test-config';
import { until } from './support/wait';

const prefix = `module-${randomUUID()}`;
const projectorName = `counting-${randomUUID()}`;

/** A feature module as the app's are: it registers its events and its projector at start-up. */
@Module({})
class CountingFeatureModule implements OnModuleInit {
  constructor(
    @Inject(EventRegistry) private readonly events: EventRegistry,
    @Inject(ProjectorRegistry) private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(CounterIncremented, NoteRenamed);
    this.projectors.register(countingProjector(projectorName, prefix));
  }
}

let pool: Pool;
beforeAll(async () => {
  pool = testPool(5);
  await createCountingTables(pool);
});
afterAll(() => pool.end());

async function startWorker(): Promise<INestApplicationContext> {
  @Module({ imports: [ConfigModule.forRoot(testConfig()), DatabaseModule, EventsModule, CountingFeatureModule, ProjectionModule] })
  class WorkerUnderTest {}
  return NestFactory.createApplicationContext(WorkerUnderTest, { logger: false });
}

describe('EventsModule in a worker process', () => {
  it('gives modules the store and registries, and runs the projectors they register', async () => {
    const app = await startWorker();
    try {
      const store = app.get(EventStore);
      await store.append(`${prefix}-1`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until('the registered projector has applied it', async () => (await seenSummary(pool, projectorName)).events === 1);
    } finally {
      await app.close();
    }
  });

  it('on shutdown stops its projectors, lets their locks go and closes its pool', async () => {
    const app = await startWorker();
    const eventsPool = app.get<Pool>(EVENTS_POOL);
    // Every projector's lock is on one shared session per process.
    const lockSessions = async () =>
      (await pool.query(`select count(*)::int as n from pg_stat_activity where application_name = 'projector leader locks' and datname = current_database()`))
        .rows[0].n;
    const lockHeld = async () =>
      (
        await pool.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7301 and objid = (hashtext($1)::bigint & 4294967295)::oid and database = (select oid from pg_database where datname = current_database())`,
          [projectorName],
        )
      ).rows[0].n;
    await until('the projector leads', async () => (await lockHeld()) === 1);
    expect(await lockSessions()).toBe(1);
    await app.close();
    expect(eventsPool.ended).toBe(true);
    expect(await lockHeld()).toBe(0);
    expect(await lockSessions()).toBe(0);
  });
});
