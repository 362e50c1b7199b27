import type { EventRegistry } from './event-registry';
import type { EventRow, RecordedEvent } from './recorded-event';

/**
 * A stored row as a RecordedEvent, its data upcast to the current schema and validated.
 * 'now' decodes at once, so an unknown type or a bad row throws here (a command folding its
 * stream must never step over an event it does not understand). 'on-access' decodes when `data`
 * is first read, so a projector that only needs the envelope (type, stream, time) keeps working
 * across types this process does not know, and one that reads the data still fails loudly.
 */
export function decodeEventRow(row: EventRow, registry: EventRegistry, when: 'now' | 'on-access'): RecordedEvent {
  const envelope = {
    type: registry.currentType(row.type),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: BigInt(row.position),
    transactionId: BigInt(row.transaction_id),
    schemaVersion: row.schema_version,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
  if (when === 'now') return { ...envelope, data: registry.decode(row.type, row.schema_version, row.data) };
  let decoded: { value: unknown } | undefined;
  return {
    ...envelope,
    get data() {
      decoded ??= { value: registry.decode(row.type, row.schema_version, row.data) };
      return decoded.value;
    },
  };
}
