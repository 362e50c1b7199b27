import type { Pool } from 'pg';
import { z } from 'zod';
import { defineEvent, EventRegistry } from './event-registry';
import { EventStore } from './event-store';

const Pinged = defineEvent({ type: 'Pinged', schemaVersion: 1, schema: z.object({}) });
const meta = { correlationId: 'c', causationId: null, actor: { kind: 'system' as const } };

/** A pool that appends at once and holds every NOTIFY until the test lets it through. */
function fakePool() {
  const notifies: (() => void)[] = [];
  let sent = 0;
  const pool = {
    query: (sql: string) => {
      if (sql.includes('pg_notify')) {
        sent += 1;
        return new Promise<void>((resolve) => notifies.push(resolve));
      }
      return Promise.resolve({ rows: [{ status: 'appended', next_version: 1, positions: ['1'] }] });
    },
  };
  return {
    pool: pool as unknown as Pool,
    sent: () => sent,
    /** Lets the oldest NOTIFY through and waits for what the store does next. */
    async deliver() {
      notifies.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('waking projectors after appends', () => {
  it('sends one NOTIFY at a time, and one more for every append that commits while it is on its way', async () => {
    const fake = fakePool();
    const store = new EventStore(fake.pool, new EventRegistry().register(Pinged));
    const append = (n: number) => store.append(`s-${n}`, 'no-stream', [Pinged({})], meta);

    await append(1);
    await tick();
    expect(fake.sent()).toBe(1);

    // Three appends commit while the first NOTIFY is still on its way: they share one.
    await Promise.all([append(2), append(3), append(4)]);
    await tick();
    expect(fake.sent()).toBe(1);
    await fake.deliver();
    expect(fake.sent()).toBe(2);

    // Nothing committed while the second was on its way: none follows it.
    await fake.deliver();
    await tick();
    expect(fake.sent()).toBe(2);

    await append(5);
    await tick();
    expect(fake.sent()).toBe(3);
  });
});
