import type { MikroORM } from '@mikro-orm/postgresql';
import type { AdminStripeEvent } from '../../../../../contracts/stripe/stripe.contract';
import { findUnsafeString } from '../../../server-fn/unsafe-strings';

type Outcome = AdminStripeEvent['outcome'];
/** An event not yet attempted has no outcome: it is pending. */
const OUTCOME_SQL = "coalesce(outcome, 'pending')";

interface ListedRow {
  stripe_event_id: string;
  type: string;
  received_at: Date;
  deliveries: number;
  attempts: number;
  outcome: Outcome;
  last_error: string | null;
  handled_at: Date | null;
}

/** Where a page of unhandled events ended. */
export interface UnhandledCursor {
  receivedAt: string;
  id: string;
}

export interface UnhandledStripeEvent {
  id: string;
  type: string;
  cursor: UnhandledCursor;
}

export interface ReceivedStripeEvent {
  id: string;
  type: string;
  payload: unknown;
}

/**
 * A payload as jsonb: as it is, or, when a string in it holds what jsonb cannot (a NUL, a lone
 * surrogate), as one jsonb string holding its JSON text, where those are escapes. An event is
 * always an object, so a stored string is always such a text.
 */
function storedPayload(payload: unknown): string {
  const json = JSON.stringify(payload);
  return findUnsafeString(payload) ? JSON.stringify(json) : json;
}

function readPayload(stored: unknown): unknown {
  return typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
}

/** The Postgres record of every verified Stripe event: what arrived, and how handling went. */
export class StripeWebhookLog {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Keeps the event unless its id was seen before (then only counts the redelivery); 'handled'
   * when it was seen before and is handled already, so there is nothing left to queue.
   */
  async record(event: ReceivedStripeEvent): Promise<'recorded' | 'duplicate' | 'handled'> {
    const rows = await this.orm.em.getConnection().execute<{ inserted: boolean; handled: boolean }[]>(
      `insert into stripe_webhook_events (stripe_event_id, type, payload) values (?, ?, ?::jsonb)
       on conflict (stripe_event_id) do update set deliveries = stripe_webhook_events.deliveries + 1
       returning (xmax = 0) as inserted, handled_at is not null as handled`,
      [event.id, event.type, storedPayload(event.payload)],
    );
    const [row] = rows;
    return row?.inserted ? 'recorded' : row?.handled ? 'handled' : 'duplicate';
  }

  async find(id: string): Promise<(ReceivedStripeEvent & { handledAt: Date | null }) | undefined> {
    const [row] = await this.orm.em
      .getConnection()
      .execute<{ stripe_event_id: string; type: string; payload: unknown; handled_at: Date | null }[]>(
        'select stripe_event_id, type, payload, handled_at from stripe_webhook_events where stripe_event_id = ?',
        [id],
      );
    return row ? { id: row.stripe_event_id, type: row.type, payload: readPayload(row.payload), handledAt: row.handled_at } : undefined;
  }

  /**
   * Records a kept, unhandled event as ignored if its type is none of `handledTypes`, in one
   * statement and without reading its payload. False if it is unknown, already handled, or of a
   * handled type.
   */
  async ignoreIfUnhandled(id: string, handledTypes: readonly string[]): Promise<boolean> {
    const rows = await this.orm.em.getConnection().execute<{ stripe_event_id: string }[]>(
      `update stripe_webhook_events set attempts = attempts + 1, outcome = 'ignored', last_error = null, handled_at = now()
         where stripe_event_id = ? and handled_at is null and not (type = any(?::text[])) returning stripe_event_id`,
      [id, `{${handledTypes.map((type) => JSON.stringify(type)).join(',')}}`],
    );
    return rows.length === 1;
  }

  async attempted(id: string, result: { outcome: 'handled' | 'ignored' } | { error: string }): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute(
        'outcome' in result
          ? 'update stripe_webhook_events set attempts = attempts + 1, outcome = ?, last_error = null, handled_at = now() where stripe_event_id = ?'
          : "update stripe_webhook_events set attempts = attempts + 1, outcome = 'failed', last_error = ? where stripe_event_id = ?",
        ['outcome' in result ? result.outcome : result.error.slice(0, 2000), id],
      );
  }

  /**
   * Events accepted but not yet handled, received before `before` (any time when null), oldest first, a page at a time:
   * `after` is the previous page's cursor (received_at as Postgres's text, so to the microsecond).
   */
  async unhandled(before: Date | null, options: { after?: UnhandledCursor; limit?: number } = {}): Promise<UnhandledStripeEvent[]> {
    const { after, limit = 500 } = options;
    const rows = await this.orm.em.getConnection().execute<{ stripe_event_id: string; type: string; received_at: string }[]>(
      `select stripe_event_id, type, received_at::text as received_at from stripe_webhook_events
       where handled_at is null${before ? ' and received_at < ?' : ''}${after ? ' and (received_at, stripe_event_id) > (?::timestamptz, ?)' : ''}
       order by received_at, stripe_event_id limit ?`,
      [...(before ? [before] : []), ...(after ? [after.receivedAt, after.id] : []), limit],
    );
    return rows.map((r) => ({ id: r.stripe_event_id, type: r.type, cursor: { receivedAt: r.received_at, id: r.stripe_event_id } }));
  }

  /** The newest events, optionally of one outcome, with how many there are of each outcome. */
  async list(outcome: Outcome | undefined, limit: number): Promise<{ events: AdminStripeEvent[]; counts: Record<Outcome, number> }> {
    const connection = this.orm.em.getConnection();
    const [rows, counts] = await Promise.all([
      connection.execute<ListedRow[]>(
        `select stripe_event_id, type, received_at, deliveries, attempts, ${OUTCOME_SQL} as outcome, last_error, handled_at from stripe_webhook_events
         ${outcome ? `where ${OUTCOME_SQL} = ?` : ''} order by received_at desc limit ?`,
        outcome ? [outcome, limit] : [limit],
      ),
      connection.execute<{ outcome: Outcome; n: string }[]>(`select ${OUTCOME_SQL} as outcome, count(*) as n from stripe_webhook_events group by 1`),
    ]);
    return {
      events: rows.map((row) => ({
        stripeEventId: row.stripe_event_id,
        type: row.type,
        receivedAt: new Date(row.received_at).toISOString(),
        deliveries: row.deliveries,
        attempts: row.attempts,
        outcome: row.outcome,
        lastError: row.last_error,
        handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
      })),
      counts: { pending: 0, failed: 0, handled: 0, ignored: 0, ...Object.fromEntries(counts.map((c) => [c.outcome, Number(c.n)])) },
    };
  }
}
