import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { getAccountAtMoment } from '../../../../contracts/admin/account-moment.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { EventRegistry } from '../../events/event-registry';
import { EVENTS_POOL } from '../../events/events.tokens';
import { ACCOUNT_STREAMS_SQL } from '../admin';
import { diffMoments } from './account-diff';
import { accountView, emptyAccount, evolveAccount, type AccountFold } from './account-moment.fold';

type MomentInput = z.output<typeof getAccountAtMoment.input>;

/*
 * Every event of the account's streams in log order; of a host's calendar, only this customer's
 * (a calendar holds everyone's bookings with that host).
 */
const EVENTS_SQL = `
  select position::text, transaction_id::text, stream_id, type, schema_version, data, recorded_at from events
  where stream_id = any($1::text[]) and (stream_id not like 'host-calendar-%' or data->>'customerUserId' = $2)
  order by position`;

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
    const streams = (await this.pool.query<{ stream_id: string }>(ACCOUNT_STREAMS_SQL, [input.userId])).rows.map((row) => row.stream_id);
    const { rows } = await this.pool.query<Row>(EVENTS_SQL, [[...new Set(streams)], input.userId]);
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
