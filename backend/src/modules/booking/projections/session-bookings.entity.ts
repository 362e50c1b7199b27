import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** A hold on a host's time and, once paid, the booking it became (same id). */
export const SessionBooking = defineEntity({
  name: 'SessionBooking',
  tableName: 'rm_session_bookings',
  properties: {
    bookingId: p.text().primary(),
    hostUserId: p.text(),
    customerUserId: p.text(),
    sessionTypeId: p.text(),
    sessionTitle: p.text(),
    minutes: p.integer(),
    hostName: p.text(),
    meetingUrl: p.text().nullable(),
    customerEmail: p.text().nullable(),
    customerName: p.text().nullable(),
    customerTimeZone: p.text(),
    checkoutRef: p.text(),
    amountCents: p.integer(),
    currency: p.text(),
    paymentIntentId: p.text().nullable(),
    startAt: p.datetime(),
    endAt: p.datetime(),
    status: p.enum(['held', 'confirmed', 'released', 'refused', 'cancelled']),
    holdExpiresAt: p.datetime().nullable(),
    refund: p.enum(['full', 'none']).nullable(),
    refundCents: p.integer().default(0),
    sequence: p.integer().default(0),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    {
      name: 'rm_session_bookings_host_time',
      expression: "create index rm_session_bookings_host_time on rm_session_bookings (host_user_id, end_at) where status in ('held', 'confirmed')",
    },
    { name: 'rm_session_bookings_customer', expression: 'create index rm_session_bookings_customer on rm_session_bookings (customer_user_id, start_at)' },
    { name: 'rm_session_bookings_checkout', expression: 'create index rm_session_bookings_checkout on rm_session_bookings (checkout_ref)' },
    { name: 'rm_session_bookings_payment_intent', expression: 'create index rm_session_bookings_payment_intent on rm_session_bookings (payment_intent_id)' },
  ],
});

export type SessionBookingTables = ReadModelTables<typeof SessionBooking>;

/** Kysely over rm_session_bookings, in `em`'s transaction if it is in one. */
export const sessionBookingTables = (em: EntityManager) => em.getKysely<SessionBookingTables, typeof readModelKysely>(readModelKysely);
