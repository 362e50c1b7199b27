import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { getAccountAtMoment } from '../../../../contracts/admin/account-moment.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { EventRegistry } from '../../events/event-registry';
import { EVENTS_POOL } from '../../events/events.tokens';
import { readAccountStreams } from '../admin';
import { diffMoments } from './account-diff';
import { AccountLogCache, type StreamVersions } from './account-log-cache';
import { accountLog, comesAfter, eventsWithin, foldFirst, type AccountLog, type LoggedEvent } from './account-log';
import { accountView, FOLDED_TYPES } from './account-moment.fold';

type MomentInput = z.output<typeof getAccountAtMoment.input>;

/*
 * The account's events on each stream between two versions (after, up to) that the fold reads,
 * in log order; of a host's calendar, only this customer's (a calendar holds everyone's bookings
 * with that host). Each stream is read by its (stream_id, stream_version) index.
 */
const EVENTS_SQL = `
  select e.position::text, e.transaction_id::text, e.stream_id, e.type, e.schema_version, e.data, e.recorded_at
  from unnest($1::text[], $2::int[], $3::int[]) as w (stream_id, after, upto) cross join lateral (
    select * from events
    where stream_id = w.stream_id and stream_version > w.after and stream_version <= w.upto and type = any($4::text[])
      and (stream_id not like 'host-calendar-%' or data->>'customerUserId' = $5)
  ) e
  order by e.position`;

/** These streams, each at its last version (0 for one not yet appended to). */
const VERSIONS_SQL = `
  select s.stream_id, coalesce(v.version, 0) as version
  from (select distinct unnest($1::text[]) as stream_id) s
  cross join lateral (select max(stream_version) as version from events where stream_id = s.stream_id) v`;

interface Row {
  position: string;
  transaction_id: string;
  stream_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  recorded_at: Date;
}

/**
 * The account as it was after a position of the log (or a time), folded from its events by each
 * module's decider, and the same fold to the end for now. The account's log is kept folded in
 * this process: looking at it again, or at another moment of it, reads only what its streams
 * gained since and folds at most SNAPSHOT_EVERY events more.
 */
@Injectable()
export class AccountMomentQueries {
  private readonly logs = new AccountLogCache();

  constructor(
    @Inject(EVENTS_POOL) private readonly pool: Pool,
    private readonly registry: EventRegistry,
    private readonly orm: MikroORM,
  ) {}

  async moment(input: MomentInput): Promise<ServerFnOutput<typeof getAccountAtMoment>> {
    const log = await this.log(input.userId);
    const asked = input.at === undefined ? null : new Date(input.at);
    const cut = input.position === undefined ? null : BigInt(input.position);
    const count = eventsWithin(log.events, (event) => (cut === null ? event.recordedAt.getTime() <= asked!.getTime() : event.position <= cut));
    const last = count > 0 ? log.events[count - 1]! : null;
    const then = accountView(foldFirst(log, count), asked ?? last?.recordedAt ?? new Date(0));
    const now = accountView(log.final, new Date());
    return {
      position: last?.position.toString() ?? null,
      recordedAt: last?.recordedAt.toISOString() ?? asked?.toISOString() ?? null,
      eventsThen: count,
      eventsNow: log.events.length,
      then,
      now,
      changes: diffMoments(then, now),
    };
  }

  /** The account's log: kept as it was if none of its streams has grown, else with what they gained, else read whole. */
  private async log(userId: string): Promise<AccountLog> {
    const streams = await readAccountStreams(this.orm.em, userId);
    const { rows } = await this.pool.query<{ stream_id: string; version: number }>(VERSIONS_SQL, [streams.map((s) => s.streamId)]);
    const versions: StreamVersions = new Map(rows.map((row) => [row.stream_id, row.version]));
    const kept = this.logs.get(userId, versions);
    if (kept && kept.grown.size === 0) return kept.log;
    let log: AccountLog | null = null;
    if (kept) {
      const added = await this.read(userId, kept.grown, versions);
      // An event that committed late, behind ones already kept, is folded in its place by reading all again.
      if (comesAfter(kept.log, added)) log = accountLog(added, kept.log);
    }
    log ??= accountLog(await this.read(userId, new Map([...versions.keys()].map((stream) => [stream, 0])), versions));
    this.logs.set(userId, versions, log);
    return log;
  }

  /** The events of each stream after the version given, up to the version read (an append since waits for the next look). */
  private async read(userId: string, after: StreamVersions, upto: StreamVersions): Promise<LoggedEvent[]> {
    const streams = [...after.keys()];
    const { rows } = await this.pool.query<Row>(EVENTS_SQL, [
      streams,
      streams.map((s) => after.get(s)!),
      streams.map((s) => upto.get(s)!),
      this.registry.storedTypes(FOLDED_TYPES),
      userId,
    ]);
    return rows.map((row) => ({
      type: this.registry.currentType(row.type),
      streamId: row.stream_id,
      data: this.registry.decode(row.type, row.schema_version, row.data),
      position: BigInt(row.position),
      transactionId: row.transaction_id,
      recordedAt: row.recorded_at,
    }));
  }
}
