import { z } from 'zod';
import type { EventDefinition, NewEvent } from './event-registry';
import type { RecordedEvent } from './recorded-event';

/** The definitions a stream of `Event`s is read with: one per event type the stream may hold. */
export type StreamEvents<Event extends NewEvent> = readonly DefinitionOf<Event>[];

/** The definition of each member of the union `Event`. */
type DefinitionOf<Event extends NewEvent> = Event extends NewEvent<infer Type, infer Data> ? EventDefinition<Type, z.ZodType<Data>> : never;

/** An event of the union `Event` as read back from its stream: its type and data, and where and when it was recorded. */
export type Recorded<Event extends NewEvent> = Event & Omit<RecordedEvent, 'type' | 'data'>;

/** An event read back with `Definition` (a union of definitions: a union of events), typed by its schema's output. */
export type RecordedOf<Definition extends EventDefinition> =
  Definition extends EventDefinition<infer Type, infer Schema> ? Omit<RecordedEvent, 'type' | 'data'> & { type: Type; data: z.output<Schema> } : never;

/** A stream held an event its reader did not name: the stream is not what the reader thinks, so nothing is folded from it. */
export class ForeignEventTypeError extends Error {
  constructor(
    readonly streamId: string,
    readonly type: string,
    readonly expected: readonly string[],
  ) {
    super(`Stream ${streamId} holds a ${type} event, not one of the types it was read as (${expected.join(', ')}).`);
    this.name = 'ForeignEventTypeError';
  }
}

/**
 * A type its stream held once and its decider no longer folds: read (so the stream's version counts it) and
 * passed over. Decoding still uses the type's registered definition; this one only names it as expected.
 */
export function passedOver<const Type extends string>(type: Type): EventDefinition<Type, z.ZodUnknown> {
  return { type, schemaVersion: 1, schema: z.unknown(), upcasters: {}, formerTypes: [] };
}
