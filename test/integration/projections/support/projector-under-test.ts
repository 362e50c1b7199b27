import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../../backend/src/events/event-metadata';
import type { EventDefinition, NewEvent } from '../../../../backend/src/events/event-registry';
import { EventRegistry } from '../../../../backend/src/events/event-registry';
import { EventStore } from '../../../../backend/src/events/event-store';
import { ProjectionWorker } from '../../../../backend/src/events/projection-worker';
import { awaitProjection } from '../../../../backend/src/events/projection-wait';
import type { Projector } from '../../../../backend/src/events/projector';
import { replayProjector } from '../../../../backend/src/events/replay';
import { metadata } from '../../../support/test-events';
import { silentLog, testDatabaseUrl } from '../../events/support/orm';
import { useProjectionHarness } from '../../events/support/projection-harness';

export interface ProjectorUnderTest {
  /** Appends the events to a stream of their own and waits until the projector has applied them. */
  given(...events: NewEvent[]): Promise<void>;
  /** The same, to a stream and with metadata of the test's choosing. */
  givenIn(streamId: string, events: NewEvent[], eventMetadata?: EventMetadata): Promise<void>;
  /** Rows read with plain SQL on the test database (not through the entities under test). */
  rows<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Builds the projector's tables again from the whole log (the worker stops first) and swaps them in. */
  replay(): Promise<void>;
}

/**
 * A projector on the real pipeline: events appended to the test database's log (validated by
 * their definitions), read back by a projection worker that applies them to the migrated tables.
 */
export function useProjectorUnderTest(create: () => Projector, definitions: EventDefinition[]): ProjectorUnderTest {
  const harness = useProjectionHarness();
  let store: EventStore;
  let worker: ProjectionWorker;
  beforeAll(() => {
    store = new EventStore(harness.pool, new EventRegistry().register(...definitions));
    worker = new ProjectionWorker(create(), harness.orm, store, harness.notifier, {
      connectionString: testDatabaseUrl(),
      log: silentLog,
      pollMs: 50,
      leaderRetryMs: 100,
    });
    worker.start();
  });
  afterAll(() => worker?.stop());
  return {
    async given(...events) {
      await this.givenIn(`projection-test-${randomUUID()}`, events);
    },
    async givenIn(streamId, events, eventMetadata = metadata()) {
      const outcome = await store.append(streamId, 'any', events, eventMetadata);
      if (!(await awaitProjection(harness.orm, create().name, outcome, 20_000))) throw new Error(`${create().name} did not apply the events within 20 s`);
    },
    async rows<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      return (await harness.pool.query<Row>(sql, params)).rows;
    },
    async replay() {
      await worker.stop();
      await replayProjector(harness.orm, store, create());
    },
  };
}
