import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { CUSTOMER_SEARCH_LIMIT, type CustomerMatch, type CustomerSearchResult } from '../../../../contracts/admin/customer-search.contract';
import { readEventDataField } from '../../events/event-data-lookup';
import { EVENTS_POOL } from '../../events/events.tokens';
import { readBookingCustomers } from '../booking';
import { PurchaseRefunded, readPurchasersBy } from '../checkout';
import { readChargeDisputers } from '../disputes';
import { readLatestPlans, readLicenseKeyOwners, readSeats } from '../licenses';
import { readStripeCustomerUsers } from '../subscriptions';
import { findCustomersLike, isKnownCustomer, readCustomerContacts } from '../support';
import { classifyCustomerQuery, type CustomerQuery } from './customer-query';

/** Below this, a name fragment is matched as a prefix: a trigram index cannot serve one or two letters. */
const MIN_FRAGMENT = 3;

interface Match {
  userId: string;
  matched: CustomerMatch;
}

/** Finds accounts for the support console: exact ids first, then address and name matches, through the reads of the modules that own them. */
@Injectable()
export class CustomerSearchQueries {
  constructor(
    private readonly orm: MikroORM,
    @Inject(EVENTS_POOL) private readonly pool: Pool,
  ) {}

  async search(query: string): Promise<CustomerSearchResult[]> {
    const matches = await this.matches(classifyCustomerQuery(query));
    const first = new Map<string, CustomerMatch>();
    for (const match of matches) if (match.userId && !first.has(match.userId)) first.set(match.userId, match.matched);
    const userIds = [...first.keys()].slice(0, CUSTOMER_SEARCH_LIMIT);
    if (userIds.length === 0) return [];
    const [contacts, plans] = await Promise.all([readCustomerContacts(this.orm.em, userIds), readLatestPlans(this.orm.em, userIds)]);
    return userIds.map((userId) => {
      const contact = contacts.find((c) => c.user_id === userId);
      return { userId, email: contact?.email ?? null, name: contact?.name ?? null, plan: plans.get(userId) ?? null, matched: first.get(userId)! };
    });
  }

  private async matches(query: CustomerQuery): Promise<Match[]> {
    const em = this.orm.em;
    const as = (matched: CustomerMatch) => (userIds: readonly (string | null)[]) => userIds.flatMap((userId) => (userId ? [{ userId, matched }] : []));
    switch (query.kind) {
      case 'license key': {
        const [owners, seats] = await Promise.all([readLicenseKeyOwners(em, query.keyHash), readSeats(em, { keyHash: query.keyHash })]);
        return [
          ...owners.filter((o) => !o.retired).map((o) => ({ userId: o.userId, matched: 'license key' as const })),
          ...as('seat key')(seats.map((s) => s.owner_user_id)),
          ...owners.filter((o) => o.retired).map((o) => ({ userId: o.userId, matched: 'retired license key' as const })),
        ];
      }
      case 'Stripe customer':
        return as('Stripe customer')(await readStripeCustomerUsers(em, query.id));
      case 'Checkout Session':
        return as('Checkout Session')(await readPurchasersBy(em, { checkoutSessionId: query.id }));
      case 'payment': {
        const [purchasers, bookers] = await Promise.all([
          readPurchasersBy(em, { paymentIntentId: query.id }),
          readBookingCustomers(em, { paymentIntentId: query.id }),
        ]);
        return as('payment')([...purchasers, ...bookers]);
      }
      case 'charge': {
        // We learn a charge's id only when it is refunded or disputed (support's usual question); a
        // charge that never was is found by its payment intent instead. No read model keeps a refund's charge.
        const [disputers, refunded] = await Promise.all([
          readChargeDisputers(em, query.id),
          readEventDataField(this.pool, PurchaseRefunded, 'userId', { field: 'chargeId', value: query.id }),
        ]);
        return as('charge')([...disputers, ...refunded]);
      }
      case 'text':
        return this.textMatches(query.text);
      default: {
        const unreachable: never = query;
        return unreachable;
      }
    }
  }

  /** A user id, a booking id, then addresses, seat holders' addresses and names, in that order. */
  private async textMatches(text: string): Promise<Match[]> {
    const em = this.orm.em;
    const lowered = escapeLike(text.toLowerCase());
    // An address is no name: skipping the trigram scan for it saves most of an address search's time.
    const name = text.includes('@') ? null : text.length >= MIN_FRAGMENT ? `%${lowered}%` : `${lowered}%`;
    const [known, bookers, emails, seats, names] = await Promise.all([
      isKnownCustomer(em, text),
      readBookingCustomers(em, { bookingId: text }),
      findCustomersLike(em, 'email', `${lowered}%`, CUSTOMER_SEARCH_LIMIT),
      readSeats(em, { emailLike: `${lowered}%`, limit: CUSTOMER_SEARCH_LIMIT }),
      name === null ? [] : findCustomersLike(em, 'name', name, CUSTOMER_SEARCH_LIMIT),
    ]);
    const as = (matched: CustomerMatch) => (userIds: readonly string[]) => userIds.map((userId) => ({ userId, matched }));
    return [
      ...as('user id')(known ? [text] : []),
      ...as('booking')(bookers),
      ...as('email')(emails),
      ...as('seat holder email')(seats.map((s) => s.owner_user_id)),
      ...as('name')(names),
    ];
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
