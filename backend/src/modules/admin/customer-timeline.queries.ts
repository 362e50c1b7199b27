import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { getCustomerTimeline, TimelineCause, TimelineEntry } from '../../../../contracts/admin/customer-account.contract';
import type { Actor } from '../../events/event-metadata';
import { EventRegistry } from '../../events/event-registry';
import { referenceOf } from '../../events/metadata-for';
import type { Queryable } from '../../events/event-store';
import { EVENTS_POOL } from '../../events/events.tokens';
import { readCorrelated } from '../../events/read-correlated';
import { readEventsAt } from '../../events/read-events-at';
import { type PageRow, readStreamsPage } from '../../events/read-streams-page';
import { readStripeEventTypes } from '../../integrations/stripe';
import { readDeliveriesCausedBy } from '../email';
import { readChecksAround } from '../licenses';
import { StreamKinds } from '../../events/stream-kinds';
import { kindOfStream, readAccountStreams } from './account-streams';
import { summarizeEvent } from './timeline-summary';

type TimelineFilter = z.output<typeof getCustomerTimeline.input>;

/** The other events of a chain shown with each entry; the JSON has the ids to find the rest. */
const RELATED_SHOWN = 10;

/** The account's history for the support console's timeline, with each event's cause and effects. */
@Injectable()
export class CustomerTimelineQueries {
  constructor(
    @Inject(EVENTS_POOL) private readonly pool: Queryable,
    private readonly streamKinds: StreamKinds,
    private readonly orm: MikroORM,
    private readonly registry: EventRegistry,
  ) {}

  async page(filter: TimelineFilter): Promise<{ entries: TimelineEntry[]; nextBefore: string | null }> {
    const streams = await this.streams(filter.userId, filter.kind);
    if (streams.size === 0) return { entries: [], nextBefore: null };
    const whole = [...streams].filter(([, bookings]) => bookings === null).map(([streamId]) => streamId);
    const calendars = [...streams].flatMap(([streamId, bookings]) => [...(bookings ?? [])].map((bookingId) => [streamId, bookingId] as const));
    // A host's calendar is read for the account's bookings only (its holds' events too: a booking's id is its hold's).
    const rows = await readStreamsPage(this.pool, {
      streams: whole,
      bookings: calendars.map(([streamId, bookingId]) => ({ streamId, bookingId })),
      before: filter.before ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
      limit: filter.limit + 1,
    });
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

  private async causes(page: PageRow[]): Promise<Map<string, TimelineCause>> {
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
    const [stripeTypes, events] = await Promise.all([readStripeEventTypes(this.orm.em, stripeIds), readEventsAt(this.pool, positions)]);
    const eventTypes = new Map(events.map((row) => [row.position, this.registry.currentType(row.type)]));
    for (const id of stripeIds) causes.set(id, { kind: 'stripe-event', stripeEventId: id, stripeType: stripeTypes.get(id) ?? null });
    for (const position of positions) causes.set(`event:${position}`, { kind: 'event', position, type: eventTypes.get(position) ?? null });
    return causes;
  }

  /** The first events of each chain on the page, by the correlation index. */
  private async related(page: PageRow[]): Promise<Map<string, TimelineEntry['related']>> {
    const ids = [...new Set(page.map((row) => textOf(row.metadata['correlationId'])).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const rows = await readCorrelated(this.pool, ids, RELATED_SHOWN + 1);
    const related = new Map<string, TimelineEntry['related']>();
    for (const row of rows) {
      const chain = related.get(row.correlation_id) ?? [];
      chain.push({ position: row.position, type: this.registry.currentType(row.type), streamId: row.stream_id });
      related.set(row.correlation_id, chain);
    }
    return related;
  }

  private async emails(page: PageRow[]): Promise<Map<string, TimelineEntry['emails']>> {
    if (page.length === 0) return new Map();
    const rows = await readDeliveriesCausedBy(
      this.orm.em,
      page.map((row) => `event:${row.position}`),
    );
    const emails = new Map<string, TimelineEntry['emails']>();
    for (const row of rows) {
      if (row.causation_id === null) continue;
      const list = emails.get(row.causation_id) ?? [];
      list.push({ kind: row.kind, toAddress: row.to_address, deliveredAt: row.delivered_at.toISOString() });
      emails.set(row.causation_id, list);
    }
    return emails;
  }

  private async pluginChecks(userId: string, page: PageRow[]): Promise<TimelineEntry['pluginChecks'][]> {
    if (page.length === 0) return [];
    // The plugin's checks of the account's own license keys within an hour either side of each event.
    const tallies = await readChecksAround(
      this.orm.em,
      userId,
      page.map((row) => row.recorded_at),
    );
    return page.map((_, n) => {
      const row = tallies[n];
      return row ? { allowed: row.allowed, refused: row.refused, first: row.first?.toISOString() ?? null, last: row.last?.toISOString() ?? null } : NO_CHECKS;
    });
  }
}

const NO_CHECKS: TimelineEntry['pluginChecks'] = { allowed: 0, refused: 0, first: null, last: null };

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Who did it, as a line: "user u_1", "stripe", "admin", "system". */
function actorText(actor: unknown): string {
  if (typeof actor !== 'object' || actor === null) return 'unknown';
  const { kind, userId } = actor as Partial<Actor> & { userId?: unknown };
  return typeof userId === 'string' ? `${String(kind)} ${userId}` : String(kind ?? 'unknown');
}
