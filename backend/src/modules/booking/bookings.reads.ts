import type { EntityManager } from '@mikro-orm/postgresql';
import { unconvertedReads } from '../../platform/database/read-model-kysely';
import { type AccountStreamLink, linkKind, noLinkRef } from '../../events/account-stream-links';
import { type SessionBookingTables, sessionBookingTables } from './projections/session-bookings.entity';

/** Every booking (and hold) of a customer's, latest start first, with the host calendar and checkout it is on. */
export async function readCustomerBookings(em: EntityManager, customerUserId: string) {
  return sessionBookingTables(em)
    .selectFrom('rm_session_bookings')
    .select(['booking_id', 'session_title', 'host_name', 'host_user_id', 'checkout_ref', 'start_at', 'status'])
    .where('customer_user_id', '=', customerUserId)
    .orderBy('start_at', 'desc')
    .execute();
}

/**
 * A customer's bookings (and holds) as parts of the account's streams: each one's checkout (kind
 * `booking-checkout`, id the checkout ref) and the host calendar it is on (kind `booking-calendar`,
 * id the host, ref the booking: the calendar holds other customers' bookings too).
 */
export function bookingAccountLinks(em: EntityManager, customerUserId: string) {
  const db = unconvertedReads<SessionBookingTables>(em);
  return [
    db
      .selectFrom('rm_session_bookings')
      .select((eb) => [linkKind(eb, 'booking-checkout'), 'checkout_ref as id', noLinkRef(eb)])
      .where('customer_user_id', '=', customerUserId),
    db
      .selectFrom('rm_session_bookings')
      .select((eb) => [linkKind(eb, 'booking-calendar'), 'host_user_id as id', eb.cast<string | null>('booking_id', 'text').as('ref')])
      .where('customer_user_id', '=', customerUserId),
  ].map((part) => part.$castTo<AccountStreamLink>());
}

/** One booking of a customer's: its host (whose calendar holds it), status and refund once cancelled; or undefined. */
export async function readCustomerBooking(em: EntityManager, customerUserId: string, bookingId: string) {
  return sessionBookingTables(em)
    .selectFrom('rm_session_bookings')
    .select(['host_user_id', 'status', 'refund'])
    .where('booking_id', '=', bookingId)
    .where('customer_user_id', '=', customerUserId)
    .executeTakeFirst();
}

/** Whose booking this id or payment intent was. */
export async function readBookingCustomers(em: EntityManager, by: { bookingId: string } | { paymentIntentId: string }): Promise<string[]> {
  const query = sessionBookingTables(em).selectFrom('rm_session_bookings').select('customer_user_id');
  const rows = await ('bookingId' in by ? query.where('booking_id', '=', by.bookingId) : query.where('payment_intent_id', '=', by.paymentIntentId)).execute();
  return rows.map((r) => r.customer_user_id);
}
