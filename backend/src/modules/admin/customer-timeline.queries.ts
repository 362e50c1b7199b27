import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { getCustomerTimeline, TimelineCause, TimelineEntry } from '../../../../contracts/admin/customer-account.contract';
import type { Actor } from '../../events/event-metadata';
import { EventRegistry } from '../../events/event-registry';
import { referenceOf } from '../../events/metadata-for';
import { EVENTS_POOL } from '../../events/events.tokens';
import { StreamKinds } from '../../events/stream-kinds';
import { kindOfStream, readAccountStreams } from './account-streams';
import { summarizeEvent } from './timeline-summary';

type TimelineFilter = z.output<typeof getCustomerTimeline.input>;

/** The other events of a chain shown with each entry; the JSON has the ids to find the rest. */
const RELATED_SHOWN = 10;

interface EventRow {
  position: string;
  stream_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

/*
 * One page of events: a page at most from each stream, newest first, merged by position. A
 * stream's versions follow its positions, so its newest are its highest versions.
 *
 * Without a time window, each stream's page is the versions just below its head (the highest
 * version before the cursor, one probe of the (stream_id, stream_version) index), read as a range
 * of versions: a range bounds what any plan reads. (Asked for "the newest of this stream", the
 * planner guesses a stream is as small as the average one and reads all of a large one to sort it.)
 * With a window, the (stream_id, recorded_at) index reads it by time instead of walking each
 * stream back to it (times are no bounds on versions: an append's time is its transaction's start).
 *
 * A host's calendar is read once per booking of the account's (its hold's events too: a booking's
 * id is its hold's), by the booking index, so a busy calendar is not walked for the few events
 * that are the account's.
 */
const FILTERS = `
    and ($4::bigint is null or position < $4::bigint)
    and ($5::timestamptz is null or recorded_at >= $5::timestamptz)
    and ($6::timestamptz is null or recorded_at <= $6::timestamptz)`;
const NEWEST = `
  cross join lateral (
    select stream_version as head from events where stream_id = w.stream_id and ($4::bigint is null or position < $4::bigint)
    order by stream_version desc limit 1
  ) h
  cross join lateral (
    select * from events
    where stream_id = w.stream_id and stream_version <= h.head and stream_version > h.head - $7
    order by stream_version desc limit $7
  ) e`;
const IN_WINDOW = `
  cross join lateral (select * from events where stream_id = w.stream_id ${FILTERS} order by stream_version desc limit $7) e`;
const pageSql = (streams: string) => `
  select position::text, stream_id, type, data, metadata, recorded_at from (
    select e.* from unnest($1::text[]) as w (stream_id) ${streams}
    union all
    select e.* from unnest($2::text[], $3::text[]) as w (stream_id, booking_id) cross join lateral (
      select * from events where stream_id = w.stream_id and coalesce(data->>'bookingId', data->>'holdId') = w.booking_id ${FILTERS}
      order by stream_version desc limit $7
    ) e
  ) page
  order by page.position desc
  limit $7`;
const PAGE_SQL = pageSql(NEWEST);
const WINDOW_PAGE_SQL = pageSql(IN_WINDOW);

/** The account's history for the support console's timeline, with each event's cause and effects. */
@Injectable()
export class CustomerTimelineQueries {
  constructor(
    @Inject(EVENTS_POOL) private readonly pool: Pool,
    private readonly streamKinds: StreamKinds,
    private readonly orm: MikroORM,
    private readonly registry: EventRegistry,
  ) {}

  async page(filter: TimelineFilter): Promise<{ entries: TimelineEntry[]; nextBefore: string | null }> {
    const streams = await this.streams(filter.userId, filter.kind);
    if (streams.size === 0) return { entries: [], nextBefore: null };
    const whole = [...streams].filter(([, bookings]) => bookings === null).map(([streamId]) => streamId);
    const calendars = [...streams].flatMap(([streamId, bookings]) => [...(bookings ?? [])].map((bookingId) => [streamId, bookingId] as const));
    const { rows } = await this.pool.query<EventRow>(filter.from || filter.to ? WINDOW_PAGE_SQL : PAGE_SQL, [
      whole,
      calendars.map(([streamId]) => streamId),
      calendars.map(([, bookingId]) => bookingId),
      filter.before ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.limit + 1,
    ]);
    const page = rows.slice(0, filter.limit);
    const [causes, related, emails, checks] = await Promise.all([
      this.causes(page),
      this.related(page),
      this.emails(page),
      this.pluginChecks(filter.userId, page),
    ]);
    return {
      entries: page.map((row, index) => {
        const causationId = textOf(row.metadata['causationId']);
        const correlationId = textOf(row.metadata['correlationId']);
        return {
          position: row.position,
          recordedAt: row.recorded_at.toISOString(),
          type: this.registry.currentType(row.type),
          kind: kindOfStream(this.streamKinds, row.stream_id) ?? 'payments',
          streamId: row.stream_id,
          summary: summarizeEvent(this.registry.currentType(row.type), row.data),
          actor: actorText(row.metadata['actor']),
          cause: causationId ? (causes.get(causationId) ?? null) : null,
          correlationId,
          related: (correlationId ? (related.get(correlationId) ?? []) : []).filter((r) => r.position !== row.position).slice(0, RELATED_SHOWN),
          emails: emails.get(`event:${row.position}`) ?? [],
          pluginChecks: checks[index]!,
          data: row.data,
          metadata: row.metadata,
        };
      }),
      nextBefore: rows.length > filter.limit ? page.at(-1)!.position : null,
    };
  }

  /** The account's streams of one kind (or all), each with the bookings to keep when it is a host's calendar. */
  private async streams(userId: string, kind: TimelineFilter['kind']): Promise<Map<string, Set<string> | null>> {
    const streams = new Map<string, Set<string> | null>();
    for (const { streamId, bookingId } of await readAccountStreams(this.orm.em, userId)) {
      if (kind && kindOfStream(this.streamKinds, streamId) !== kind) continue;
      if (bookingId === null) streams.set(streamId, null);
      else streams.set(streamId, (streams.get(streamId) ?? new Set()).add(bookingId));
    }
    return streams;
  }

  private async causes(page: EventRow[]): Promise<Map<string, TimelineCause>> {
    const ids = new Set(page.map((row) => textOf(row.metadata['causationId'])).filter((id): id is string => id !== null));
    const stripeIds: string[] = [];
    const positions: string[] = [];
    const causes = new Map<string, TimelineCause>();
    for (const id of ids) {
      const reference = referenceOf(id);
      if (reference.kind === 'stripe-event') stripeIds.push(id);
      else if (reference.kind === 'event') positions.push(reference.position.toString());
      else causes.set(id, { kind: 'other', id });
    }
    const [stripe, events] = await Promise.all([
      stripeIds.length
        ? this.pool.query<{ stripe_event_id: string; type: string }>(
            'select stripe_event_id, type from stripe_webhook_events where stripe_event_id = any($1::text[])',
            [stripeIds],
          )
        : { rows: [] },
      positions.length
        ? this.pool.query<{ position: string; type: string }>('select position::text, type from events where position = any($1::bigint[])', [positions])
        : { rows: [] },
    ]);
    const stripeTypes = new Map(stripe.rows.map((row) => [row.stripe_event_id, row.type]));
    const eventTypes = new Map(events.rows.map((row) => [row.position, this.registry.currentType(row.type)]));
    for (const id of stripeIds) causes.set(id, { kind: 'stripe-event', stripeEventId: id, stripeType: stripeTypes.get(id) ?? null });
    for (const position of positions) causes.set(`event:${position}`, { kind: 'event', position, type: eventTypes.get(position) ?? null });
    return causes;
  }

  /** The first events of each chain on the page, by the correlation index. */
  private async related(page: EventRow[]): Promise<Map<string, TimelineEntry['related']>> {
    const ids = [...new Set(page.map((row) => textOf(row.metadata['correlationId'])).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ correlation_id: string; position: string; type: string; stream_id: string }>(
      `select c.id as correlation_id, e.position::text, e.type, e.stream_id
       from unnest($1::text[]) as c (id) cross join lateral (
         select position, type, stream_id from events where metadata->>'correlationId' = c.id order by position limit $2
       ) e`,
      [ids, RELATED_SHOWN + 1],
    );
    const related = new Map<string, TimelineEntry['related']>();
    for (const row of rows) {
      const chain = related.get(row.correlation_id) ?? [];
      chain.push({ position: row.position, type: this.registry.currentType(row.type), streamId: row.stream_id });
      related.set(row.correlation_id, chain);
    }
    return related;
  }

  private async emails(page: EventRow[]): Promise<Map<string, TimelineEntry['emails']>> {
    if (page.length === 0) return new Map();
    const { rows } = await this.pool.query<{ causation_id: string; kind: string; to_address: string; delivered_at: Date }>(
      'select causation_id, kind, to_address, delivered_at from email_deliveries where causation_id = any($1::text[]) order by delivered_at',
      [page.map((row) => `event:${row.position}`)],
    );
    const emails = new Map<string, TimelineEntry['emails']>();
    for (const row of rows) {
      const list = emails.get(row.causation_id) ?? [];
      list.push({ kind: row.kind, toAddress: row.to_address, deliveredAt: row.delivered_at.toISOString() });
      emails.set(row.causation_id, list);
    }
    return emails;
  }

  private async pluginChecks(userId: string, page: EventRow[]): Promise<TimelineEntry['pluginChecks'][]> {
    if (page.length === 0) return [];
    const { rows } = await this.pool.query<{ allowed: number; refused: number; first: Date | null; last: Date | null }>(PLUGIN_CHECKS_SQL, [
      userId,
      page.map((row) => row.recorded_at),
    ]);
    return page.map((_, n) => {
      const row = rows[n];
      return row ? { allowed: row.allowed, refused: row.refused, first: row.first?.toISOString() ?? null, last: row.last?.toISOString() ?? null } : NO_CHECKS;
    });
  }
}

const NO_CHECKS: TimelineEntry['pluginChecks'] = { allowed: 0, refused: 0, first: null, last: null };

/*
 * The plugin's checks of the account's own license keys within an hour either side of each
 * event, one row per event in its order (license_validations is indexed by license and time).
 */
const PLUGIN_CHECKS_SQL = `
  select count(v.id) filter (where v.code = 'allowed')::int as allowed, count(v.id) filter (where v.code <> 'allowed')::int as refused,
    min(v.checked_at) as first, max(v.checked_at) as last
  from unnest($2::timestamptz[]) with ordinality as w (at, n)
  left join license_validations v
    on v.license_id = any(array(select license_id from rm_licenses where user_id = $1))
    and v.checked_at between w.at - interval '1 hour' and w.at + interval '1 hour'
  group by w.n
  order by w.n`;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Who did it, as a line: "user u_1", "stripe", "admin", "system". */
function actorText(actor: unknown): string {
  if (typeof actor !== 'object' || actor === null) return 'unknown';
  const { kind, userId } = actor as Partial<Actor> & { userId?: unknown };
  return typeof userId === 'string' ? `${String(kind)} ${userId}` : String(kind ?? 'unknown');
}
