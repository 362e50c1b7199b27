import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { CUSTOMER_SEARCH_LIMIT, type CustomerMatch, type CustomerSearchResult } from '../../../../contracts/admin/customer-search.contract';
import { EVENTS_POOL } from '../../events/events.tokens';
import { classifyCustomerQuery, type CustomerQuery } from './customer-query';

/** Below this, a name fragment is matched as a prefix: a trigram index cannot serve one or two letters. */
const MIN_FRAGMENT = 3;

/** The exact lookups: each names the read model where that id lives, with an index on it. */
const EXACT: Record<Exclude<CustomerQuery['kind'], 'text'>, string> = {
  'license key': `select user_id, 'license key' as matched from rm_licenses where key_hash = $1
    union all select l.user_id, 'seat key' from rm_seats s join rm_licenses l using (license_id) where s.seat_key_hash = $1
    union all select l.user_id, 'retired license key' from rm_retired_license_keys r join rm_licenses l using (license_id) where r.key_hash = $1`,
  'Stripe customer': `select user_id, 'Stripe customer' as matched from rm_customers where customer_id = $1
    union all select user_id, 'Stripe customer' from rm_subscriptions where customer_id = $1`,
  'Checkout Session': `select user_id, 'Checkout Session' as matched from rm_purchases where checkout_session_id = $1
    union all select user_id, 'Checkout Session' from rm_pending_payments where checkout_session_id = $1`,
  payment: `select user_id, 'payment' as matched from rm_purchases where payment_intent_id = $1
    union all select customer_user_id, 'payment' from rm_session_bookings where payment_intent_id = $1`,
  // We learn a charge's id only when it is refunded or disputed (support's usual question); a
  // charge that never was is found by its payment intent instead.
  charge: `select user_id, 'charge' as matched from rm_disputes where charge_id = $1
    union all select data->>'userId', 'charge' from events where type = 'PurchaseRefunded' and data->>'chargeId' = $1`,
};

const TEXT = `select user_id, 'user id' as matched, 0 as rank from rm_customer_directory where user_id = $1
  union all select customer_user_id, 'booking', 1 from rm_session_bookings where booking_id = $1
  union all (select user_id, 'email', 2 from rm_customer_directory where lower(email) like $2 escape '\\' order by lower(email) limit $4)
  union all (select l.user_id, 'seat holder email', 3 from rm_seats s join rm_licenses l using (license_id)
    where lower(s.email) like $2 escape '\\' order by lower(s.email) limit $4)
  union all (select user_id, 'name', 4 from rm_customer_directory where $3::text is not null and lower(name) like $3 escape '\\' order by lower(name) limit $4)`;

/** Finds accounts for the support console: exact ids first, then address and name matches. */
@Injectable()
export class CustomerSearchQueries {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async search(query: string): Promise<CustomerSearchResult[]> {
    const matches = await this.matches(classifyCustomerQuery(query));
    const first = new Map<string, CustomerMatch>();
    for (const match of matches) if (match.user_id && !first.has(match.user_id)) first.set(match.user_id, match.matched);
    const userIds = [...first.keys()].slice(0, CUSTOMER_SEARCH_LIMIT);
    if (userIds.length === 0) return [];
    const { rows } = await this.pool.query<{ user_id: string; email: string | null; name: string | null; plan: string | null }>(
      `select u.user_id, d.email, d.name,
         (select plan from rm_licenses l where l.user_id = u.user_id order by granted_at desc limit 1) as plan
       from unnest($1::text[]) with ordinality as u (user_id, n)
       left join rm_customer_directory d on d.user_id = u.user_id
       order by u.n`,
      [userIds],
    );
    return rows.map((row) => ({ userId: row.user_id, email: row.email, name: row.name, plan: row.plan, matched: first.get(row.user_id)! }));
  }

  private async matches(query: CustomerQuery): Promise<{ user_id: string | null; matched: CustomerMatch }[]> {
    if (query.kind !== 'text') {
      const value = query.kind === 'license key' ? query.keyHash : query.id;
      return (await this.pool.query<{ user_id: string | null; matched: CustomerMatch }>(EXACT[query.kind], [value])).rows;
    }
    const lowered = escapeLike(query.text.toLowerCase());
    // An address is no name: skipping the trigram scan for it saves most of an address search's time.
    const name = query.text.includes('@') ? null : query.text.length >= MIN_FRAGMENT ? `%${lowered}%` : `${lowered}%`;
    const { rows } = await this.pool.query<{ user_id: string; matched: CustomerMatch }>(`select user_id, matched from (${TEXT}) m order by rank`, [
      query.text,
      `${lowered}%`,
      name,
      CUSTOMER_SEARCH_LIMIT,
    ]);
    return rows;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
