import type { EntityManager } from '@mikro-orm/postgresql';
import { emailDeliveryTables } from './email-delivery.entity';

/** The emails delivered to an address (any case), newest or oldest first, at most `limit`. */
export async function readDeliveriesTo(em: EntityManager, address: string, order: 'newest' | 'oldest', limit: number) {
  return emailDeliveryTables(em)
    .selectFrom('email_deliveries')
    .select(['kind', 'to_address', 'delivered_at', 'causation_id'])
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.toLowerCase()))
    .orderBy('delivered_at', order === 'newest' ? 'desc' : 'asc')
    .limit(limit)
    .execute();
}

/** The emails these causes (causation ids) delivered, oldest first. */
export async function readDeliveriesCausedBy(em: EntityManager, causationIds: readonly string[]) {
  if (causationIds.length === 0) return [];
  return emailDeliveryTables(em)
    .selectFrom('email_deliveries')
    .select(['causation_id', 'kind', 'to_address', 'delivered_at'])
    .where('causation_id', 'in', causationIds)
    .orderBy('delivered_at')
    .execute();
}
