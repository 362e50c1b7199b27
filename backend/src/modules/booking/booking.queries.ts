import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { HostScheduleInput } from '../../../../contracts/booking/availability.contract';
import { type ReadModelRow, readModelKysely } from '../../platform/database/read-model-kysely';
import type { PurchaseTables } from '../checkout/projections/purchases.entities';
import type { AvailabilityTables } from '../availability/projections/availability.entity';
import type { Busy } from '../availability/open-slots';
import type { SessionBookingTables } from './projections/session-bookings.entity';

export interface HostRow {
  hostUserId: string;
  hostName: string;
  schedule: HostScheduleInput;
}

type BookingTables = SessionBookingTables & AvailabilityTables & Pick<PurchaseTables, 'rm_pending_payments'>;

export type BookingRow = ReadModelRow<SessionBookingTables, 'rm_session_bookings'>;

const bookingTables = (em: EntityManager) => em.getKysely<BookingTables, typeof readModelKysely>(readModelKysely);

/** What booking reads from its read models: hosts' schedules, busy times, a customer's bookings. */
export class BookingReads {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return bookingTables(this.orm.em);
  }

  async hosts(): Promise<HostRow[]> {
    const rows = await this.db
      .selectFrom('rm_host_availability')
      .select(['host_user_id', 'host_name', 'schedule'])
      .orderBy('host_name')
      .orderBy('host_user_id')
      .execute();
    return rows.map((r) => ({ hostUserId: r.host_user_id, hostName: r.host_name, schedule: r.schedule }));
  }

  async host(hostUserId: string): Promise<HostRow | null> {
    const row = await this.db
      .selectFrom('rm_host_availability')
      .select(['host_user_id', 'host_name', 'schedule'])
      .where('host_user_id', '=', hostUserId)
      .executeTakeFirst();
    return row ? { hostUserId: row.host_user_id, hostName: row.host_name, schedule: row.schedule } : null;
  }

  /** Held (until the hold lapses) and booked times of a host that end after `from`. */
  async busy(hostUserId: string, from: Date, now: Date, except?: string): Promise<Busy[]> {
    const rows = await this.db
      .selectFrom('rm_session_bookings')
      .select(['start_at', 'end_at'])
      .where('host_user_id', '=', hostUserId)
      .where('end_at', '>', from)
      .where((eb) => eb.or([eb('status', '=', 'confirmed'), eb.and([eb('status', '=', 'held'), eb('hold_expires_at', '>', now)])]))
      .where('booking_id', '<>', except ?? '')
      .execute();
    return rows.map((r) => ({ start: r.start_at, end: r.end_at }));
  }

  async bookingsOf(customerUserId: string): Promise<BookingRow[]> {
    return this.db
      .selectFrom('rm_session_bookings')
      .selectAll()
      .where('customer_user_id', '=', customerUserId)
      .where('status', 'in', ['confirmed', 'cancelled', 'refused'])
      .orderBy('start_at')
      .execute();
  }

  async upcomingOfHost(hostUserId: string, now: Date): Promise<BookingRow[]> {
    return this.db
      .selectFrom('rm_session_bookings')
      .selectAll()
      .where('host_user_id', '=', hostUserId)
      .where('status', '=', 'confirmed')
      .where('end_at', '>', now)
      .orderBy('start_at')
      .execute();
  }

  async bookingOfHost(hostUserId: string, bookingId: string): Promise<BookingRow | null> {
    return (
      (await this.db
        .selectFrom('rm_session_bookings')
        .selectAll()
        .where('host_user_id', '=', hostUserId)
        .where('booking_id', '=', bookingId)
        .executeTakeFirst()) ?? null
    );
  }

  async booking(customerUserId: string, bookingId: string): Promise<BookingRow | null> {
    return (
      (await this.db
        .selectFrom('rm_session_bookings')
        .selectAll()
        .where('customer_user_id', '=', customerUserId)
        .where('booking_id', '=', bookingId)
        .executeTakeFirst()) ?? null
    );
  }

  async latestOf(customerUserId: string): Promise<BookingRow | null> {
    return (
      (await this.db
        .selectFrom('rm_session_bookings')
        .selectAll()
        .where('customer_user_id', '=', customerUserId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()) ?? null
    );
  }

  async openHoldsOf(customerUserId: string, now: Date): Promise<Array<BookingRow & { checkout_session_id: string | null }>> {
    return this.db
      .selectFrom('rm_session_bookings as b')
      .leftJoin('rm_pending_payments as p', (join) => join.on((eb) => eb('p.id', '=', eb(eb.val('pp-'), '||', eb.ref('b.checkout_ref')))))
      .selectAll('b')
      .select('p.checkout_session_id')
      .where('b.customer_user_id', '=', customerUserId)
      .where('b.status', '=', 'held')
      .where('b.hold_expires_at', '>', now)
      .execute();
  }
}
