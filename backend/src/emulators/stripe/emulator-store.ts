import { createHash } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isStorableText } from '../../../../contracts/text-rule';
import { findUnsafeString } from '../../server-fn/unsafe-strings';

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export interface EmulatorAnswer {
  status: number;
  body: unknown;
  /** Events the write recorded, to deliver once its transaction has committed (a replay delivers none). */
  events?: StripeObject[];
}

/** The emulator's objects in Postgres, and Stripe's idempotency: a key answers the same forever. */
export class EmulatorStore {
  constructor(private readonly orm: MikroORM) {}

  /** An id no stored object could have (a NUL in it: Postgres refuses the query) finds nothing, as an unknown id does. */
  async get(id: string, object: string, em: EntityManager = this.orm.em): Promise<StripeObject | undefined> {
    if (!isStorableText(id)) return undefined;
    const [row] = await em.execute<{ data: StripeObject }[]>('select data from stripe_emulator_objects where id = ? and object = ?', [id, object]);
    return row?.data;
  }

  async put(value: StripeObject, em: EntityManager = this.orm.em): Promise<StripeObject> {
    // clock_timestamp, not now(): objects made in one transaction keep the order they were made in.
    await em.execute(
      'insert into stripe_emulator_objects (id, object, data, created_at) values (?, ?, ?::jsonb, clock_timestamp()) on conflict (id) do update set data = excluded.data',
      [value.id, value.object, JSON.stringify(value)],
    );
    return value;
  }

  /** Deletes an object (Stripe's DELETE of a tax id); false when there was none of that kind. */
  async remove(id: string, object: string, em: EntityManager): Promise<boolean> {
    if (!isStorableText(id)) return false;
    const rows = await em.execute<{ id: string }[]>('delete from stripe_emulator_objects where id = ? and object = ? returning id', [id, object]);
    return rows.length > 0;
  }

  /** Objects of one kind whose data contains `match` (jsonb containment), newest first. */
  async find(object: string, match: Record<string, unknown> = {}, em: EntityManager = this.orm.em, limit = 1000): Promise<StripeObject[]> {
    if (findUnsafeString(match)) return [];
    const rows = await em.execute<{ data: StripeObject }[]>(
      'select data from stripe_emulator_objects where object = ? and data @> ?::jsonb order by created_at desc, id desc limit ?',
      [object, JSON.stringify(match), limit],
    );
    return rows.map((row) => row.data);
  }

  /**
   * One page of a kind's objects, newest first, as Stripe pages a list: those after the
   * `startingAfter` object, or the `limit` just before the `endingBefore` one. Objects match
   * `match`, one of `anyOf` when given, and none of `exclude`; `created` bounds their creation.
   * Undefined when the cursor is no object of this kind.
   */
  async page(
    object: string,
    query: {
      match: Record<string, unknown>;
      anyOf?: Record<string, unknown>[];
      exclude?: Record<string, unknown>[];
      created?: { gt?: number; gte?: number; lt?: number; lte?: number };
      limit: number;
      startingAfter?: string;
      endingBefore?: string;
    },
    em: EntityManager = this.orm.em,
  ): Promise<{ data: StripeObject[]; hasMore: boolean } | undefined> {
    const filters = [query.match, ...(query.anyOf ?? []), ...(query.exclude ?? [])];
    if (findUnsafeString(filters)) return { data: [], hasMore: false };
    const where = ['object = ?', 'data @> ?::jsonb'];
    const values: unknown[] = [object, JSON.stringify(query.match)];
    if (query.anyOf) {
      where.push(`(${query.anyOf.map(() => 'data @> ?::jsonb').join(' or ') || 'false'})`);
      values.push(...query.anyOf.map((match) => JSON.stringify(match)));
    }
    for (const match of query.exclude ?? []) {
      where.push('not data @> ?::jsonb');
      values.push(JSON.stringify(match));
    }
    for (const [bound, operator] of [
      ['gt', '>'],
      ['gte', '>='],
      ['lt', '<'],
      ['lte', '<='],
    ] as const) {
      const at = query.created?.[bound];
      if (at === undefined) continue;
      where.push(`(data->>'created')::bigint ${operator} ?`);
      values.push(at);
    }
    const cursor = query.startingAfter ?? query.endingBefore;
    const backwards = query.startingAfter === undefined && query.endingBefore !== undefined;
    if (cursor !== undefined) {
      if (!isStorableText(cursor)) return undefined;
      const [found] = await em.execute<{ created_at: string }[]>('select created_at from stripe_emulator_objects where id = ? and object = ?', [
        cursor,
        object,
      ]);
      if (!found) return undefined;
      where.push(`(created_at, id) ${backwards ? '>' : '<'} (select created_at, id from stripe_emulator_objects where id = ?)`);
      values.push(cursor);
    }
    const order = backwards ? 'created_at asc, id asc' : 'created_at desc, id desc';
    const rows = await em.execute<{ data: StripeObject }[]>(`select data from stripe_emulator_objects where ${where.join(' and ')} order by ${order} limit ?`, [
      ...values,
      query.limit + 1,
    ]);
    const data = rows.slice(0, query.limit).map((row) => row.data);
    return { data: backwards ? data.reverse() : data, hasMore: rows.length > query.limit };
  }

  /** Serialises changes to one object until the transaction ends: read it after taking the lock. */
  async lock(id: string, em: EntityManager): Promise<void> {
    // No object has such an id, so there is nothing to serialise (and Postgres would refuse it).
    if (!isStorableText(id)) return;
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [id]);
  }

  /**
   * Runs a write once per Idempotency-Key: the first answer is kept and replayed for the same
   * request; the same key with other parameters is Stripe's idempotency_error. Requests with one
   * key are serialised by an advisory lock, so two at once cannot both create.
   */
  async idempotent(
    key: string | undefined,
    request: { method: string; path: string; params: unknown },
    run: (em: EntityManager) => Promise<EmulatorAnswer>,
  ): Promise<EmulatorAnswer & { replayed: boolean }> {
    if (!key) return { ...(await this.orm.em.fork().transactional(run)), replayed: false };
    const fingerprint = `${request.method} ${request.path} ${createHash('sha256').update(JSON.stringify(request.params)).digest('hex')}`;
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [key]);
      const [seen] = await em.execute<{ request: string; status: number; body: unknown }[]>(
        'select request, status, body from stripe_emulator_idempotency where idempotency_key = ?',
        [key],
      );
      if (seen) {
        if (seen.request !== fingerprint) {
          return {
            status: 400,
            replayed: false,
            body: {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            },
          };
        }
        return { status: seen.status, body: seen.body, replayed: true };
      }
      const answer = await run(em);
      // Stripe keeps 5xx answers out of idempotency; the emulator does the same.
      if (answer.status < 500) {
        await em.execute('insert into stripe_emulator_idempotency (idempotency_key, request, status, body) values (?, ?, ?, ?::jsonb)', [
          key,
          fingerprint,
          answer.status,
          JSON.stringify(answer.body),
        ]);
      }
      return { ...answer, replayed: false };
    });
  }
}
