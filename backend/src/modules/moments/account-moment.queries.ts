import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { getAccountAtMoment } from '../../../../contracts/admin/account-moment.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { EventRegistry } from '../../events/event-registry';
import { EVENTS_POOL } from '../../events/events.tokens';
import type { Queryable } from '../../events/event-store';
import { readStreamHeads } from '../../events/read-stream-heads';
import { readStreamRanges } from '../../events/read-stream-ranges';
import { readAccountStreams } from '../admin';
import { diffMoments } from './account-diff';
import { AccountLogCache, type StreamVersions } from './account-log-cache';
import { accountLog, comesAfter, eventsWithin, foldFirst, type AccountLog, type LoggedEvent } from './account-log';
import { accountView, FOLDED_TYPES } from './account-moment.fold';

type MomentInput = z.output<typeof getAccountAtMoment.input>;

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
    @Inject(EVENTS_POOL) private readonly pool: Queryable,
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
    const versions: StreamVersions = await readStreamHeads(
      this.pool,
      streams.map((s) => s.streamId),
    );
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
    // Of a host's calendar (everyone's bookings with that host), only this customer's.
    const rows = await readStreamRanges(
      this.pool,
      streams.map((streamId) => ({ streamId, after: after.get(streamId)!, upto: upto.get(streamId)! })),
      this.registry.storedTypes(FOLDED_TYPES),
      { streamPrefix: 'host-calendar-', key: 'customerUserId', value: userId },
    );
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
