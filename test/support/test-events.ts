import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import type { EventMetadata } from '../../backend/src/events/event-metadata';
import { defineEvent, EventRegistry } from '../../backend/src/events/event-registry';
import { EventStore } from '../../backend/src/events/event-store';

/** Test-only events: a counter that is incremented, and one whose schema grew a field. */
export const CounterIncremented = defineEvent({
  type: 'CounterIncremented',
  schemaVersion: 1,
  schema: z.object({ by: z.number().int() }),
});

export const NoteRenamed = defineEvent({
  type: 'NoteRenamed',
  schemaVersion: 2,
  schema: z.object({ title: z.string(), previousTitle: z.string().nullable() }),
  upcasters: { 1: (data) => ({ ...(data as object), previousTitle: null }) },
});

export function testRegistry(): EventRegistry {
  return new EventRegistry().register(CounterIncremented, NoteRenamed);
}

export function testPool(max = 30, url = process.env.TEST_DATABASE_URL): Pool {
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run through the integration project');
  const pool = new Pool({ connectionString: url, max });
  // pg-pool re-emits an idle connection's error (Postgres ending it: a database dropped "with (force)")
  // on the pool, and an 'error' with no listener is an uncaught exception in whichever test runs then.
  // The pool drops that connection on its own; the next query opens a new one.
  pool.on('error', () => undefined);
  return pool;
}

export function testStore(pool: Pool): EventStore {
  return new EventStore(pool, testRegistry());
}

export const freshStream = (prefix = 'test') => `${prefix}-${randomUUID()}`;

export function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { correlationId: randomUUID(), causationId: null, actor: { kind: 'system' }, ...overrides };
}
