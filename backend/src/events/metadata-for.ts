import { SYSTEM, type Actor, type EventMetadata } from './event-metadata';

/*
 * The one rule for every event's correlation and causation ids; nothing else builds metadata.
 *
 * - correlationId names the first cause of a chain, and everything that follows from it carries
 *   it unchanged: a request's id (the `/_serverFn` transport, a controller), a Stripe event's id
 *   (`evt_…`, the key of its webhook log row), or the run of a system job (a publish, a seeder).
 * - causationId names the direct cause: null for a request (its actor is the cause), the Stripe
 *   event's id for what the webhook worker records, and `event:<position>` for what a reactor, or
 *   a job a reactor queued, does because of an event (a position is the log's id for an event).
 *
 * Emails record the same pair (email_deliveries), so the trail runs from a Stripe event through
 * the events it caused to the emails and refunds that followed.
 */

/** What an event passes on to what it causes: carried in jobs (an email, a reminder) as it is. */
export interface Cause {
  correlationId: string;
  causationId: string | null;
}

const EVENT_CAUSE = /^event:(\d{1,19})$/;

/** The id that names an event as a cause. */
export function eventCauseId(position: bigint): string {
  return `event:${position}`;
}

/** What an event causes is caused by it, in its chain. */
export function causeOf(event: { position: bigint; metadata: Pick<EventMetadata, 'correlationId'> }): Cause {
  return { correlationId: event.metadata.correlationId, causationId: eventCauseId(event.position) };
}

/** What someone did in one request: the request's correlation id, no earlier cause. */
export function requestMetadata(correlationId: string, actor: Actor): EventMetadata {
  return { correlationId, causationId: null, actor };
}

/** What someone not signed in did through a form or a signed link, in one request. */
export function visitorMetadata(correlationId: string): EventMetadata {
  return requestMetadata(correlationId, { kind: 'visitor' });
}

/** What the webhook worker records for a Stripe event: it both starts the chain and causes each step. */
export function stripeEventMetadata(stripeEventId: string): EventMetadata {
  return { correlationId: stripeEventId, causationId: stripeEventId, actor: { kind: 'stripe' } };
}

/** What a reactor (or a job it queued) records because of an event: that event's chain, caused by it. */
export function causedBy(cause: Cause | { position: bigint; metadata: Pick<EventMetadata, 'correlationId'> }, actor: Actor = SYSTEM): EventMetadata {
  const { correlationId, causationId } = 'position' in cause ? causeOf(cause) : cause;
  return { correlationId, causationId, actor };
}

/** Work the system starts on its own (a deploy's publish, a seeder): its run names the chain. */
export function systemMetadata(runId: string): EventMetadata {
  return { correlationId: runId, causationId: null, actor: SYSTEM };
}

// A caller's id is kept only if it could not pass for another kind of cause: no ':' (as in
// `event:12`), no Stripe event id, bounded, and safe in a log line or a URL.
const CALLER_ID = /^[A-Za-z0-9._-]{8,80}$/;
const RESERVED = /^evt_/i;

/** Whether a caller may name the chain its request belongs to with this id. */
export function isAcceptableCorrelationId(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && CALLER_ID.test(candidate) && !RESERVED.test(candidate);
}

/** The first acceptable id a request brought (an `x-correlation-id`, its request id), or a new one. */
export function acceptedCorrelationId(candidates: readonly unknown[], make: () => string): string {
  return candidates.find(isAcceptableCorrelationId) ?? make();
}

export type CauseReference = { kind: 'event'; position: bigint } | { kind: 'stripe-event'; stripeEventId: string } | { kind: 'other'; id: string };

/** What a causation (or correlation) id names: an event in the log, a Stripe event, or a request or run. */
export function referenceOf(id: string): CauseReference {
  const event = EVENT_CAUSE.exec(id);
  if (event) return { kind: 'event', position: BigInt(event[1]!) };
  if (id.startsWith('evt_')) return { kind: 'stripe-event', stripeEventId: id };
  return { kind: 'other', id };
}
