import type { Pool } from 'pg';
import { z } from 'zod';
import { defineEvent, EventRegistry } from './event-registry';
import { EventStore } from './event-store';

const Pinged = defineEvent({ type: 'Pinged', schemaVersion: 1, schema: z.object({}) });
const Ponged = defineEvent({ type: 'Ponged', schemaVersion: 1, schema: z.object({}) });
const meta = { correlationId: 'c', causationId: null, actor: { kind: 'system' as const } };

/** A pool that appends at once and holds every NOTIFY until the test lets it through. */
function fakePool() {
  const notifies: (() => void)[] = [];
  const payloads: string[] = [];
  let sent = 0;
  const pool = {
    query: (sql: string, params: unknown[] = []) => {
      if (sql.includes('pg_notify')) {
        sent += 1;
        payloads.push(String(params[1]));
        return new Promise<void>((resolve) => notifies.push(resolve));
      }
      return Promise.resolve({ rows: [{ status: 'appended', next_version: 1, positions: ['1'] }] });
    },
  };
  return {
    pool: pool as unknown as Pool,
    sent: () => sent,
    payloads,
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

  it('names the types committed since the last NOTIFY, and none (wake all) when a caller did not say', async () => {
    const fake = fakePool();
    const store = new EventStore(fake.pool, new EventRegistry().register(Pinged).register(Ponged));

    await store.append('s-1', 'no-stream', [Pinged({})], meta);
    await tick();
    // Committed while the first is on its way: one NOTIFY names both types.
    await store.append('s-2', 'no-stream', [Ponged({})], meta);
    await store.append('s-3', 'no-stream', [Pinged({})], meta);
    await fake.deliver();
    // A transaction's caller that does not list its types.
    store.wakeProjectors();
    await fake.deliver();
    await tick();
    await fake.deliver();
    expect(fake.payloads).toEqual(['Pinged', 'Ponged,Pinged', '']);
  });
});
