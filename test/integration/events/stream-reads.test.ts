import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { readCorrelated } from '../../../backend/src/events/read-correlated';
import { readEventsAt } from '../../../backend/src/events/read-events-at';
import { readEventsOfStreams } from '../../../backend/src/events/read-events-of-streams';
import { readStreamHeads } from '../../../backend/src/events/read-stream-heads';
import { readStreamRanges } from '../../../backend/src/events/read-stream-ranges';
import { readStreamsPage } from '../../../backend/src/events/read-streams-page';
import { freshStream, metadata, testPool } from '../../support/test-events';

let pool: Pool;
beforeAll(() => {
  pool = testPool();
});
afterAll(() => pool.end());

/** Appends rows as they are stored (data the test events' schemas would not keep), returning each one's position. */
async function insert(stream: string, events: { type: string; data: object; correlationId?: string }[]): Promise<string[]> {
  const positions: string[] = [];
  for (const [n, event] of events.entries()) {
    const { rows } = await pool.query<{ position: string }>(
      'insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, $2, $3, 1, $4, $5) returning position::text',
      [stream, n + 1, event.type, JSON.stringify(event.data), JSON.stringify(metadata(event.correlationId ? { correlationId: event.correlationId } : {}))],
    );
    positions.push(rows[0]!.position);
  }
  return positions;
}

describe('reads of several streams', () => {
  it('finds each stream at its last version, 0 for one never appended to', async () => {
    const [a, b] = [freshStream(), freshStream()];
    await insert(a, [
      { type: 'A', data: {} },
      { type: 'A', data: {} },
    ]);
    expect(await readStreamHeads(pool, [a, b, a])).toEqual(
      new Map([
        [a, 2],
        [b, 0],
      ]),
    );
  });

  it('reads ranges of versions of the types asked, a shared stream only for the party asked, in log order', async () => {
    const [own, shared] = [freshStream(), freshStream('shared')];
    const ownAt = await insert(own, [
      { type: 'A', data: { n: 1 } },
      { type: 'B', data: { n: 2 } },
      { type: 'A', data: { n: 3 } },
    ]);
    const sharedAt = await insert(shared, [
      { type: 'A', data: { party: 'me' } },
      { type: 'A', data: { party: 'other' } },
    ]);
    const rows = await readStreamRanges(
      pool,
      [
        { streamId: own, after: 1, upto: 3 },
        { streamId: shared, after: 0, upto: 2 },
      ],
      ['A'],
      { streamPrefix: 'shared-', key: 'party', value: 'me' },
    );
    expect(rows.map((r) => r.position)).toEqual([ownAt[2], sharedAt[0]]);
    expect(rows[0]).toMatchObject({ stream_id: own, type: 'A', schema_version: 1, data: { n: 3 } });
  });

  it('reads the types asked of whole streams, and of others only the bookings asked, in log order', async () => {
    const [whole, calendar] = [freshStream(), freshStream()];
    const wholeAt = await insert(whole, [
      { type: 'A', data: {} },
      { type: 'B', data: {} },
    ]);
    const calendarAt = await insert(calendar, [
      { type: 'A', data: { bookingId: 'b1' } },
      { type: 'A', data: { bookingId: 'b2' } },
      { type: 'A', data: { bookingId: 'b3' } },
    ]);
    const rows = await readEventsOfStreams(
      pool,
      [
        { streamId: whole, bookingIds: null },
        { streamId: calendar, bookingIds: ['b1', 'b3'] },
      ],
      ['A'],
    );
    expect(rows.map((r) => r.position)).toEqual([wholeAt[0], calendarAt[0], calendarAt[2]]);
    expect(await readEventsOfStreams(pool, [], ['A'])).toEqual([]);
  });

  it('reads events by position, of one type if asked', async () => {
    const stream = freshStream();
    const at = await insert(stream, [
      { type: 'A', data: { n: 1 } },
      { type: 'B', data: { n: 2 } },
    ]);
    const all = await readEventsAt(pool, [...at, '999999999999']);
    expect(all.sort((x, y) => Number(x.position) - Number(y.position))).toEqual([
      { position: at[0], type: 'A', schema_version: 1, data: { n: 1 } },
      { position: at[1], type: 'B', schema_version: 1, data: { n: 2 } },
    ]);
    expect(await readEventsAt(pool, at, { type: 'B' })).toEqual([{ position: at[1], type: 'B', schema_version: 1, data: { n: 2 } }]);
  });

  it('reads the first events of each chain, at most the limit', async () => {
    const [chain, other] = [randomUUID(), randomUUID()];
    const stream = freshStream();
    const at = await insert(stream, [
      { type: 'A', data: {}, correlationId: chain },
      { type: 'B', data: {}, correlationId: other },
      { type: 'C', data: {}, correlationId: chain },
      { type: 'D', data: {}, correlationId: chain },
    ]);
    const rows = await readCorrelated(pool, [chain, other], 2);
    expect(rows.filter((r) => r.correlation_id === chain)).toEqual([
      { correlation_id: chain, position: at[0], type: 'A', stream_id: stream },
      { correlation_id: chain, position: at[2], type: 'C', stream_id: stream },
    ]);
    expect(rows.filter((r) => r.correlation_id === other).map((r) => r.position)).toEqual([at[1]]);
  });

  it('pages the newest events of streams and of bookings, before a position and within a window', async () => {
    const [whole, calendar] = [freshStream(), freshStream()];
    const wholeAt = await insert(whole, [
      { type: 'A', data: {} },
      { type: 'A', data: {} },
      { type: 'A', data: {} },
    ]);
    const calendarAt = await insert(calendar, [
      { type: 'A', data: { holdId: 'b1' } },
      { type: 'A', data: { bookingId: 'b2' } },
      { type: 'A', data: { bookingId: 'b1' } },
    ]);
    const wanted = { streams: [whole], bookings: [{ streamId: calendar, bookingId: 'b1' }], before: null, from: null, to: null, limit: 3 };
    const first = await readStreamsPage(pool, wanted);
    expect(first.map((r) => r.position)).toEqual([calendarAt[2], calendarAt[0], wholeAt[2]]);
    const next = await readStreamsPage(pool, { ...wanted, before: first.at(-1)!.position });
    expect(next.map((r) => r.position)).toEqual([wholeAt[1], wholeAt[0]]);
    const windowed = await readStreamsPage(pool, {
      ...wanted,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(windowed.map((r) => r.position)).toEqual(first.map((r) => r.position));
    expect(await readStreamsPage(pool, { ...wanted, to: new Date(Date.now() - 3_600_000).toISOString() })).toEqual([]);
  });
});
