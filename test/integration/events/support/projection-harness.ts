import type { EntitySchema, MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { EventNotifier } from '../../../../backend/src/events/event-notifier';
import type { EventStore } from '../../../../backend/src/events/event-store';
import { ProjectionWorker, type ProjectionWorkerOptions } from '../../../../backend/src/events/projection-worker';
import type { Projector } from '../../../../backend/src/events/projector';
import { testPool, testStore } from '../../../support/test-events';
import { silentLog, testDatabaseUrl, testOrm } from './orm';

export interface ProjectionHarness {
  pool: Pool;
  store: EventStore;
  orm: MikroORM;
  notifier: EventNotifier;
  /** A projection worker on the test database, polling fast. */
  workerFor(projector: Projector, options?: Partial<ProjectionWorkerOptions>): ProjectionWorker;
}

/**
 * What every projection test needs: a pool and event store, the app's ORM (with the test's own
 * read-model entities) and a running notifier; opened before the file's tests and closed after.
 */
export function useProjectionHarness(options: { poolSize?: number; entities?: EntitySchema[]; setup?: (pool: Pool) => Promise<void> } = {}): ProjectionHarness {
  const harness = {
    workerFor: (projector: Projector, overrides: Partial<ProjectionWorkerOptions> = {}) =>
      new ProjectionWorker(projector, harness.orm, harness.store, harness.notifier, {
        connectionString: testDatabaseUrl(),
        log: silentLog,
        pollMs: 50,
        leaderRetryMs: 100,
        ...overrides,
      }),
  } as ProjectionHarness;
  beforeAll(async () => {
    harness.pool = testPool(options.poolSize);
    harness.store = testStore(harness.pool);
    harness.orm = await testOrm(options.entities);
    harness.notifier = new EventNotifier(testDatabaseUrl());
    await harness.notifier.start();
    await options.setup?.(harness.pool);
  });
  afterAll(async () => {
    await harness.notifier?.stop();
    await harness.orm?.close(true);
    await harness.pool?.end();
  });
  return harness;
}
