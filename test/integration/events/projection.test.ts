import { randomUUID } from 'node:crypto';
import { rewindCheckpoint } from '../../../backend/src/events/checkpoints';
import { countingProjector, createCountingTables, seenSummary } from '../../support/counting-projector';
import { CounterIncremented, metadata, NoteRenamed } from '../../support/test-events';
import { appendHeldOpen } from './support/held-open-append';
import { until } from './support/wait';
import { useProjectionHarness } from './support/projection-harness';

const db = useProjectionHarness({ poolSize: 40, setup: createCountingTables });

const workerFor = db.workerFor;

describe('a projector running while many writers append', () => {
  it('counts every event exactly once, even when transactions commit out of position order', async () => {
    const prefix = `ooo-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const worker = workerFor(countingProjector(name, prefix), { batchSize: 50 });
    worker.start();
    try {
      const writers = Array.from({ length: 8 }, async (_, writer) => {
        for (let i = 0; i < 25; i += 1) await db.store.append(`${prefix}-w${writer}-${i % 5}`, 'any', [CounterIncremented({ by: 1 })], metadata());
      });
      // Held open while later positions commit around them; half take their transaction id
      // before the hold, so their events also sit after younger transactions' in position order.
      const held = Array.from({ length: 12 }, (_, i) =>
        appendHeldOpen(db.pool, `${prefix}-held-${i}`, { holdMs: 50 + ((i * 37) % 250), idFirst: i % 2 === 0 }),
      );
      await Promise.all([...writers, ...held]);
      const total = 8 * 25 + 12;
      const { rows } = await db.pool.query(`select count(*)::int as n from events where stream_id like $1`, [`${prefix}%`]);
      expect(rows[0].n).toBe(total);

      await until('the projector has seen them all', async () => (await seenSummary(db.pool, name)).events === total);
      // Proves a negative (no event is applied a second time afterwards): only time can, so it runs several polls (50 ms) long.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await seenSummary(db.pool, name)).toEqual({ events: total, duplicates: 0 });
    } finally {
      await worker.stop();
    }
  });

  it('sees a new event within milliseconds through LISTEN/NOTIFY', async () => {
    const prefix = `lag-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    // Polling alone would take 10 s here: only the notification can explain a quick update.
    const worker = workerFor(countingProjector(name, prefix), { pollMs: 10_000 });
    worker.start();
    try {
      await until('its first batch has stored its checkpoint: it now waits for a notification', () => hasCheckpoint(name));
      await db.store.append(`${prefix}-1`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until('the event is projected', async () => (await seenSummary(db.pool, name)).events === 1, 2_000);
    } finally {
      await worker.stop();
    }
  });
});

describe('a notification of only types a projector does not read', () => {
  it('moves past them at its next poll, or at once when one of its own types comes after', async () => {
    const prefix = `unread-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const worker = workerFor(countingProjector(name, prefix), { pollMs: 2_000 });
    const checkpoint = async () =>
      (await db.pool.query<{ position: string }>('select position::text from projector_checkpoints where name = $1', [name])).rows[0]?.position;
    worker.start();
    try {
      await until('its first batch has stored its checkpoint', async () => (await checkpoint()) !== undefined);
      const appended = await db.store.append(`${prefix}-note`, 'no-stream', [NoteRenamed({ title: 'unread', previousTitle: null })], metadata());
      if (appended.status !== 'appended') throw new Error('the note was not appended');
      const [position] = appended.positions;
      // Its own type, appended after, wakes it at once: it reads past the note too.
      await db.store.append(`${prefix}-1`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until('the counter is projected', async () => (await seenSummary(db.pool, name)).events === 1, 1_500);
      expect(BigInt((await checkpoint())!)).toBeGreaterThan(position!);

      const later = await db.store.append(`${prefix}-note-2`, 'no-stream', [NoteRenamed({ title: 'unread', previousTitle: null })], metadata());
      if (later.status !== 'appended') throw new Error('the second note was not appended');
      await until('its poll has moved it past the second note', async () => BigInt((await checkpoint())!) >= later.positions[0]!, 6_000);
      expect(await seenSummary(db.pool, name)).toEqual({ events: 1, duplicates: 0 });
    } finally {
      await worker.stop();
    }
  });
});

describe('events committed behind an older transaction that is still open', () => {
  it('are projected soon after it commits, though its commit sends no notification', async () => {
    const prefix = `held-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    // Polling alone would take 10 s here.
    const worker = workerFor(countingProjector(name, prefix), { pollMs: 10_000 });
    worker.start();
    try {
      await until('its first batch has stored its checkpoint: it now waits for a notification', () => hasCheckpoint(name));
      // The held transaction commits 500 ms after the notified append: only then is either readable.
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      const held = appendHeldOpen(db.pool, `${prefix}-held`, { holdMs: 500, onOpen: () => opened() });
      await open;
      await db.store.append(`${prefix}-later`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await held;
      // Well under the 10 s poll, with room for a loaded machine.
      await until('both are projected', async () => (await seenSummary(db.pool, name)).events === 2, 6_000);
    } finally {
      await worker.stop();
    }
  });
});

describe('a checkpoint rewound while nothing is appended', () => {
  it('is read again by the running worker, which applies those events again', async () => {
    const prefix = `rewind-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const { rows } = await db.pool.query<{ now: Date }>('select clock_timestamp() as now');
    for (let i = 0; i < 3; i += 1) await db.store.append(`${prefix}-${i}`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    // The worker carries its checkpoint from batch to batch: it must still notice one moved under it.
    const worker = workerFor(countingProjector(name, prefix));
    worker.start();
    try {
      await until('all three are projected', async () => (await seenSummary(db.pool, name)).events === 3);
      expect(await rewindCheckpoint(db.orm.em.fork(), name, rows[0]!.now)).toBeGreaterThanOrEqual(3);
      await until('all three are applied again', async () => (await seenSummary(db.pool, name)).duplicates === 3);
    } finally {
      await worker.stop();
    }
  });
});

describe('stopping a projector in the middle of a batch (Ctrl-C)', () => {
  it('lets the batch commit whole, and a restart carries on after it with nothing twice', async () => {
    const prefix = `stop-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    for (let i = 0; i < 8; i += 1) {
      await db.store.append(
        `${prefix}-${i}`,
        'no-stream',
        Array.from({ length: 10 }, () => CounterIncremented({ by: 1 })),
        metadata(),
      );
    }
    // 20 events of 15 ms each: every batch takes about 300 ms.
    let applies = 0;
    const first = workerFor(
      countingProjector(name, prefix, 15, () => (applies += 1)),
      { batchSize: 20 },
    );
    first.start();
    await until('a first batch has committed', async () => (await seenSummary(db.pool, name)).events > 0);
    // More applied than committed: a batch is open, with some of its events applied.
    await until('a later batch is under way', async () => applies > (await seenSummary(db.pool, name)).events);
    await first.stop();

    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from events e, projector_checkpoints c
       where c.name = $1 and e.stream_id like $2 and (e.transaction_id, e.position) <= (c.transaction_id, c.position)`,
      [name, `${prefix}%`],
    );
    const atStop = await seenSummary(db.pool, name);
    expect(atStop).toEqual({ events: rows[0]!.n, duplicates: 0 });
    expect(atStop.events).toBeLessThan(80);

    const second = workerFor(countingProjector(name, prefix));
    second.start();
    try {
      await until('the rest is projected', async () => (await seenSummary(db.pool, name)).events === 80);
      expect(await seenSummary(db.pool, name)).toEqual({ events: 80, duplicates: 0 });
    } finally {
      await second.stop();
    }
  });
});

async function hasCheckpoint(projector: string): Promise<boolean> {
  return (await db.pool.query('select 1 from projector_checkpoints where name = $1', [projector])).rowCount === 1;
}
