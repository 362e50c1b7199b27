import { eventMetadataSchema } from './event-metadata';
import {
  acceptedCorrelationId,
  causedBy,
  causeOf,
  eventCauseId,
  isAcceptableCorrelationId,
  referenceOf,
  requestMetadata,
  stripeEventMetadata,
  systemMetadata,
  visitorMetadata,
} from './metadata-for';

const user = { kind: 'user', userId: 'u1' } as const;
const recorded = (position: bigint, correlationId: string) => ({ position, metadata: { correlationId, causationId: null, actor: user } });

describe('metadata for', () => {
  it('a request: its correlation id, no earlier cause, its actor', () => {
    expect(requestMetadata('req-12345678', user)).toEqual({ correlationId: 'req-12345678', causationId: null, actor: user });
    expect(visitorMetadata('req-12345678')).toEqual({ correlationId: 'req-12345678', causationId: null, actor: { kind: 'visitor' } });
  });

  it('a Stripe event: its id is both the chain and the cause, and Stripe the actor', () => {
    expect(stripeEventMetadata('evt_123')).toEqual({ correlationId: 'evt_123', causationId: 'evt_123', actor: { kind: 'stripe' } });
  });

  it("a reaction: the triggering event's chain, caused by that event's position", () => {
    const trigger = recorded(41n, 'evt_123');
    expect(causeOf(trigger)).toEqual({ correlationId: 'evt_123', causationId: 'event:41' });
    expect(causedBy(trigger)).toEqual({ correlationId: 'evt_123', causationId: 'event:41', actor: { kind: 'system' } });
    expect(causedBy(trigger, user)).toMatchObject({ actor: user });
  });

  it('a cause carried through a job gives the same metadata as the event it came from', () => {
    const trigger = recorded(7n, 'req-abcdefgh');
    const carried = JSON.parse(JSON.stringify(causeOf(trigger))) as ReturnType<typeof causeOf>;
    expect(causedBy(carried)).toEqual(causedBy(trigger));
  });

  it('a system run: its id names the chain', () => {
    expect(systemMetadata('library-publish-1')).toEqual({ correlationId: 'library-publish-1', causationId: null, actor: { kind: 'system' } });
  });

  it('builds only metadata the log accepts', () => {
    for (const metadata of [requestMetadata('r-12345678', user), stripeEventMetadata('evt_1'), causedBy(recorded(1n, 'c')), systemMetadata('run')]) {
      expect(eventMetadataSchema.parse(metadata)).toEqual(metadata);
    }
  });
});

describe('a caller’s correlation id', () => {
  it('is kept when bounded and made of safe characters', () => {
    expect(isAcceptableCorrelationId('0b6f0e4e-7d1c-4b8e-9a55-3c1f2e9d8a10')).toBe(true);
    expect(isAcceptableCorrelationId('client.flow_42-a')).toBe(true);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(81)],
    ['a colon (it could pass for an event)', 'event:12345678'],
    ['a Stripe event id', 'evt_1PgC76B7WZ01zgkW'],
    ['a Stripe event id in capitals', 'EVT_1PGC76B7WZ01ZGKW'],
    ['spaces', 'abc def ghi'],
    ['a newline', 'abcdefgh\nforged: line'],
    ['markup', '<script>alert(1)</script>'],
    ['not a string', ['abcdefgh', 'ijklmnop']],
    ['nothing', undefined],
  ])('is refused with %s', (_why, candidate) => {
    expect(isAcceptableCorrelationId(candidate)).toBe(false);
  });

  it('falls back to the next candidate, then to a new id', () => {
    const make = () => 'made-here-0001';
    expect(acceptedCorrelationId(['client-chain-1', 'request-id-1'], make)).toBe('client-chain-1');
    expect(acceptedCorrelationId(['evt_forged0001', 'request-id-1'], make)).toBe('request-id-1');
    expect(acceptedCorrelationId([undefined, 'evt_forged0001'], make)).toBe('made-here-0001');
  });
});

describe('what a cause id names', () => {
  it('an event in the log, a Stripe event, or anything else', () => {
    expect(referenceOf(eventCauseId(9007199254740993n))).toEqual({ kind: 'event', position: 9007199254740993n });
    expect(referenceOf('evt_123')).toEqual({ kind: 'stripe-event', stripeEventId: 'evt_123' });
    expect(referenceOf('req-12345678')).toEqual({ kind: 'other', id: 'req-12345678' });
    expect(referenceOf('event:')).toEqual({ kind: 'other', id: 'event:' });
  });
});
