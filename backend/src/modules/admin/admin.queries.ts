import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { AdminEvent, adminListEvents } from '../../../../contracts/admin/admin.contract';
import { EVENTS_POOL } from '../../events/events.tokens';
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
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.streamId) add('stream_id = ?', filter.streamId);
    if (filter.type) add('type = ?', filter.type);
    if (filter.customer) add(`metadata->'actor'->>'userId' = ?`, filter.customer);
    if (filter.from) add('recorded_at >= ?', filter.from);
    if (filter.to) add('recorded_at <= ?', filter.to);
    if (filter.before) add('position < ?::bigint', filter.before);
    params.push(filter.limit + 1);
    const { rows } = await this.pool.query<{
      position: string;
      stream_id: string;
      stream_version: number;
      type: string;
      schema_version: number;
      data: unknown;
      metadata: Record<string, unknown>;
      recorded_at: Date;
    }>(
      `select position, stream_id, stream_version, type, schema_version, data, metadata, recorded_at from events
       ${where.length ? `where ${where.join(' and ')}` : ''} order by position desc limit $${params.length}`,
      params,
    );
    const page = rows.slice(0, filter.limit);
    return {
      events: page.map((row) => ({
        position: row.position,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        type: row.type,
        schemaVersion: row.schema_version,
        data: row.data,
        metadata: row.metadata,
        recordedAt: row.recorded_at.toISOString(),
      })),
      nextBefore: rows.length > filter.limit ? page.at(-1)!.position : null,
    };
  }

  async eventTypes(): Promise<string[]> {
    const { rows } = await this.pool.query<{ type: string }>('select distinct type from events order by type');
    return rows.map((row) => row.type);
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
    const { rows } = await this.pool.query<{ name: string; transaction_id: string; position: string; events_applied: string; updated_at: Date }>(
      'select name, transaction_id::text, position, events_applied, updated_at from projector_checkpoints',
    );
    return new Map(
      rows.map((row) => [
        row.name,
        { transactionId: row.transaction_id, position: row.position, eventsApplied: Number(row.events_applied), updatedAt: row.updated_at.toISOString() },
      ]),
    );
  }

  /** Events of these types a projector has not applied yet. */
  async lag(types: readonly string[] | 'all', checkpoint: { transactionId: string; position: string }): Promise<number> {
    const typeFilter = types === 'all' ? '' : 'and type = any($3::text[])';
    const params: unknown[] = [checkpoint.transactionId, checkpoint.position];
    if (types !== 'all') params.push(types);
    const { rows } = await this.pool.query<{ n: string }>(
      `select count(*) as n from events where (transaction_id, position) > ($1::xid8, $2::bigint) ${typeFilter}`,
      params,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async head(): Promise<string> {
    const { rows } = await this.pool.query<{ head: string | null }>('select max(position) as head from events');
    return rows[0]?.head ?? '0';
  }
}
