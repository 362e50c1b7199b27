import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { readCheckpoint, rewindCheckpoint, writeCheckpoint } from '../../../backend/src/events/checkpoints';
import type { EventStore } from '../../../backend/src/events/event-store';
import { compareCheckpoints, type LogCheckpoint } from '../../../backend/src/events/recorded-event';
import { CounterIncremented, freshStream, metadata, testPool, testStore } from '../../support/test-events';
import { testOrm } from './support/orm';

let pool: Pool;
let store: EventStore;
let orm: MikroORM;
beforeAll(async () => {
  pool = testPool(4);
  store = testStore(pool);
  orm = await testOrm();
});
afterAll(async () => {
  await orm.close(true);
  await pool.end();
});

async function appended(): Promise<LogCheckpoint> {
  const stream = freshStream('rewind');
  await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
  const [event] = await store.readStreamRecords(stream);
  return { transactionId: event!.transactionId, position: event!.position };
}

/** Postgres's own clock, which stamps recorded_at. */
async function databaseNow(): Promise<Date> {
  const { rows } = await pool.query<{ now: Date }>('select clock_timestamp() as now');
  return rows[0]!.now;
}

describe("rewinding a reactor's checkpoint to a moment", () => {
  it('moves it back before the events recorded since then, and says how many it will read again', async () => {
    const name = `rewound-${randomUUID()}`;
    await appended();
    const since = await databaseNow();
    const second = await appended();
    const third = await appended();
    await writeCheckpoint(orm.em.fork(), name, third, 3);

    const again = await rewindCheckpoint(orm.em.fork(), name, since);

    const rewound = await readCheckpoint(orm.em.fork(), name);
    expect(compareCheckpoints(rewound, second)).toBeLessThan(0);
    // The shared log has other tests' events in it too: at least these two are read again.
    expect(again).toBeGreaterThanOrEqual(2);
  });

  it('never moves it forward, nor creates one', async () => {
    const name = `ahead-${randomUUID()}`;
    const first = await appended();
    await writeCheckpoint(orm.em.fork(), name, first, 1);
    await appended();
    const later = new Date((await databaseNow()).getTime() + 1_000);

    expect(await rewindCheckpoint(orm.em.fork(), name, later)).toBe(0);
    expect(await readCheckpoint(orm.em.fork(), name)).toMatchObject(first);

    const none = `none-${randomUUID()}`;
    expect(await rewindCheckpoint(orm.em.fork(), none, later)).toBe(0);
    expect((await readCheckpoint(orm.em.fork(), none)).stored).toBe(false);
  });
});
