import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { getAccountAtMoment } from '../../../../contracts/admin/account-moment.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { EventRegistry } from '../../events/event-registry';
import { EVENTS_POOL } from '../../events/events.tokens';
import { ACCOUNT_STREAMS_SQL } from '../admin';
import { diffMoments } from './account-diff';
import { accountView, emptyAccount, evolveAccount, FOLDED_TYPES, type AccountFold } from './account-moment.fold';

type MomentInput = z.output<typeof getAccountAtMoment.input>;

/*
 * Every event of the account's streams that the fold reads, in log order; of a host's calendar,
 * only this customer's (a calendar holds everyone's bookings with that host). Each stream is read
 * by its (stream_id, stream_version) index.
 */
const EVENTS_SQL = `
  with streams as (${ACCOUNT_STREAMS_SQL})
  select e.position::text, e.transaction_id::text, e.stream_id, e.type, e.schema_version, e.data, e.recorded_at
  from (select distinct stream_id from streams) s cross join lateral (
    select * from events
    where stream_id = s.stream_id and type = any($2::text[]) and (stream_id not like 'host-calendar-%' or data->>'customerUserId' = $1)
  ) e
  order by e.position`;

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
 * module's decider, and the same fold to the end for now: one read of the account's events.
 */
@Injectable()
export class AccountMomentQueries {
  constructor(
    @Inject(EVENTS_POOL) private readonly pool: Pool,
    private readonly registry: EventRegistry,
  ) {}

  async moment(input: MomentInput): Promise<ServerFnOutput<typeof getAccountAtMoment>> {
    const { rows } = await this.pool.query<Row>(EVENTS_SQL, [input.userId, FOLDED_TYPES]);
    const asked = input.at === undefined ? null : new Date(input.at);
    const cut = input.position === undefined ? null : BigInt(input.position);
    const within = (row: Row) => (cut === null ? row.recorded_at.getTime() <= asked!.getTime() : BigInt(row.position) <= cut);

    let fold: AccountFold = emptyAccount();
    let folded = 0;
    while (folded < rows.length && within(rows[folded]!)) fold = evolveAccount(fold, this.decoded(rows[folded++]!));
    // The rest of the cut event's append too: no read model ever showed the account between the events of one command.
    while (folded > 0 && folded < rows.length && rows[folded]!.transaction_id === rows[folded - 1]!.transaction_id)
      fold = evolveAccount(fold, this.decoded(rows[folded++]!));
    const last = folded > 0 ? rows[folded - 1]! : null;
    const then = accountView(fold, asked ?? last?.recorded_at ?? new Date(0));
    for (let n = folded; n < rows.length; n += 1) fold = evolveAccount(fold, this.decoded(rows[n]!));
    const now = accountView(fold, new Date());
    return {
      position: last?.position ?? null,
      recordedAt: last?.recorded_at.toISOString() ?? asked?.toISOString() ?? null,
      eventsThen: folded,
      eventsNow: rows.length,
      then,
      now,
      changes: diffMoments(then, now),
    };
  }

  private decoded(row: Row) {
    return { type: row.type, streamId: row.stream_id, data: this.registry.decode(row.type, row.schema_version, row.data) };
  }
}
