import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { AdminEvent, adminListEvents } from '../../../../contracts/admin/admin.contract';
import { browseLog } from '../../events/browse-log';
import { readCheckpointList } from '../../events/checkpoint-list';
import { EVENTS_POOL } from '../../events/events.tokens';
import { readLogHead } from '../../events/log-head';
import { countEventsAfter } from '../../events/projector-lag';
import { readStoredEventTypes } from '../../events/stored-event-types';
import { streamSummaryTables } from './projections/stream-summary.entity';

type EventFilter = z.output<typeof adminListEvents.input>;

/** Reads of the raw log and the admin read models for the admin pages. */
@Injectable()
export class AdminQueries {
  constructor(
    @Inject(EVENTS_POOL) private readonly pool: Pool,
    @Inject(MikroORM) private readonly orm: MikroORM,
  ) {}

  async events(filter: EventFilter): Promise<{ events: AdminEvent[]; nextBefore: string | null }> {
    const { customer, ...rest } = filter;
    const rows = await browseLog(this.pool, { ...rest, actorUserId: customer, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    return {
      events: page.map((row) => ({ ...row, recordedAt: row.recordedAt.toISOString() })),
      nextBefore: rows.length > filter.limit ? page.at(-1)!.position : null,
    };
  }

  async eventTypes(): Promise<string[]> {
    return readStoredEventTypes(this.pool);
  }

  async streams(category: string | undefined, limit: number) {
    const db = streamSummaryTables(this.orm.em);
    const [streams, categories] = await Promise.all([
      db
        .selectFrom('rm_streams')
        .select(['stream_id', 'category', 'version', 'event_count', 'last_event_type', 'last_actor', 'last_recorded_at'])
        .$if(Boolean(category), (query) => query.where('category', '=', category ?? ''))
        .orderBy('last_recorded_at', 'desc')
        .limit(limit)
        .execute(),
      db
        .selectFrom('rm_streams')
        .select((eb) => ['category', eb.fn.countAll<string>().as('streams')])
        .groupBy('category')
        .orderBy('category')
        .execute(),
    ]);
    return {
      streams: streams.map((row) => ({
        streamId: row.stream_id,
        category: row.category,
        version: row.version,
        eventCount: row.event_count,
        lastEventType: row.last_event_type,
        lastActor: row.last_actor,
        lastRecordedAt: row.last_recorded_at.toISOString(),
      })),
      categories: categories.map((row) => ({ category: row.category, streams: Number(row.streams) })),
    };
  }

  async checkpoints(): Promise<Map<string, { transactionId: string; position: string; eventsApplied: number; updatedAt: string }>> {
    const checkpoints = await readCheckpointList(this.pool);
    return new Map([...checkpoints].map(([name, checkpoint]) => [name, { ...checkpoint, updatedAt: checkpoint.updatedAt.toISOString() }]));
  }

  /** Events of these types a projector has not applied yet. */
  async lag(types: readonly string[] | 'all', checkpoint: { transactionId: string; position: string }): Promise<number> {
    return countEventsAfter(this.pool, types, checkpoint);
  }

  async head(): Promise<string> {
    return readLogHead(this.pool);
  }
}
