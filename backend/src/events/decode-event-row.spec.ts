import { z } from 'zod';
import { decodeEventRow } from './decode-event-row';
import { defineEvent, EventRegistry, UnknownEventTypeError } from './event-registry';
import type { EventRow } from './recorded-event';

const NoteRenamed = defineEvent({
  type: 'NoteRenamed',
  schemaVersion: 2,
  schema: z.object({ title: z.string(), previousTitle: z.string().nullable() }),
  upcasters: { 1: (data) => ({ ...(data as object), previousTitle: null }) },
});
const registry = new EventRegistry().register(NoteRenamed);

const row = (overrides: Partial<EventRow> = {}): EventRow => ({
  position: '42',
  transaction_id: '1001',
  stream_id: 'note-1',
  stream_version: 3,
  type: 'NoteRenamed',
  schema_version: 1,
  data: { title: 'Inbox' },
  metadata: { correlationId: 'c1', causationId: null, actor: { kind: 'system' } },
  recorded_at: new Date('2026-11-23T00:00:00Z'),
  ...overrides,
});

describe('decodeEventRow', () => {
  it('maps the envelope and upcasts the data', () => {
    expect(decodeEventRow(row(), registry, 'now')).toEqual({
      type: 'NoteRenamed',
      data: { title: 'Inbox', previousTitle: null },
      streamId: 'note-1',
      streamVersion: 3,
      position: 42n,
      transactionId: 1001n,
      schemaVersion: 1,
      metadata: { correlationId: 'c1', causationId: null, actor: { kind: 'system' } },
      recordedAt: new Date('2026-11-23T00:00:00Z'),
    });
  });

  it("'now' throws at once for a type this code does not know", () => {
    expect(() => decodeEventRow(row({ type: 'NoteArchived' }), registry, 'now')).toThrow(UnknownEventTypeError);
  });

  it("'on-access' gives the envelope of an unknown type, and throws when its data is read", () => {
    const event = decodeEventRow(row({ type: 'NoteArchived' }), registry, 'on-access');
    expect(event.streamId).toBe('note-1');
    expect(() => event.data).toThrow(UnknownEventTypeError);
  });

  it("'on-access' decodes once, on first read", () => {
    const event = decodeEventRow(row(), registry, 'on-access');
    expect(event.data).toBe(event.data);
    expect(event.data).toEqual({ title: 'Inbox', previousTitle: null });
  });
});
