import type { MikroORM } from '@mikro-orm/postgresql';
import type { HostScheduleInput } from '../../../../contracts/booking/availability.contract';
import type { Busy } from '../availability';

export interface HostRow {
  hostUserId: string;
  hostName: string;
  schedule: HostScheduleInput;
}

export interface BookingRow {
  booking_id: string;
  host_user_id: string;
  customer_user_id: string;
  session_type_id: string;
  session_title: string;
  minutes: number;
  host_name: string;
  meeting_url: string | null;
  checkout_ref: string;
  amount_cents: number;
  currency: string;
  start_at: Date;
  end_at: Date;
  status: 'held' | 'confirmed' | 'released' | 'refused' | 'cancelled';
  hold_expires_at: Date | null;
  refund: 'full' | 'none' | null;
  updated_at: Date;
}

/** What booking reads from its read models: hosts' schedules, busy times, a customer's bookings. */
export class BookingReads {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return this.orm.em.getConnection();
  }

  async hosts(): Promise<HostRow[]> {
    const rows = await this.db.execute<{ host_user_id: string; host_name: string; schedule: HostScheduleInput }[]>('select host_user_id, host_name, schedule from rm_host_availability order by host_name, host_user_id');
    return rows.map((r) => ({ hostUserId: r.host_user_id, hostName: r.host_name, schedule: r.schedule }));
  }

  async host(hostUserId: string): Promise<HostRow | null> {
    const [row] = await this.db.execute<{ host_user_id: string; host_name: string; schedule: HostScheduleInput }[]>('select host_user_id, host_name, schedule from rm_host_availability where host_user_id = ?', [hostUserId]);
    return row ? { hostUserId: row.host_user_id, hostName: row.host_name, schedule: row.schedule } : null;
  }

  /** Held (until the hold lapses) and booked times of a host that end after `from`. */
  async busy(hostUserId: string, from: Date, now: Date, except?: string): Promise<Busy[]> {
    const rows = await this.db.execute<{ start_at: Date; end_at: Date }[]>(
      `select start_at, end_at from rm_session_bookings
        where host_user_id = ? and end_at > ? and (status = 'confirmed' or (status = 'held' and hold_expires_at > ?)) and booking_id <> ?`,
      [hostUserId, from, now, except ?? ''],
    );
    return rows.map((r) => ({ start: new Date(r.start_at), end: new Date(r.end_at) }));
  }

  async bookingsOf(customerUserId: string): Promise<BookingRow[]> {
    return this.db.execute<BookingRow[]>(`select * from rm_session_bookings where customer_user_id = ? and status in ('confirmed', 'cancelled', 'refused') order by start_at`, [customerUserId]);
  }

  async upcomingOfHost(hostUserId: string, now: Date): Promise<Array<BookingRow & { customer_name: string | null; customer_email: string | null }>> {
    return this.db.execute(`select * from rm_session_bookings where host_user_id = ? and status = 'confirmed' and end_at > ? order by start_at`, [hostUserId, now]);
  }

  async bookingOfHost(hostUserId: string, bookingId: string): Promise<BookingRow | null> {
    const [row] = await this.db.execute<BookingRow[]>('select * from rm_session_bookings where host_user_id = ? and booking_id = ?', [hostUserId, bookingId]);
    return row ?? null;
  }

  async booking(customerUserId: string, bookingId: string): Promise<BookingRow | null> {
    const [row] = await this.db.execute<BookingRow[]>('select * from rm_session_bookings where customer_user_id = ? and booking_id = ?', [customerUserId, bookingId]);
    return row ?? null;
  }

  async latestOf(customerUserId: string): Promise<BookingRow | null> {
    const [row] = await this.db.execute<BookingRow[]>('select * from rm_session_bookings where customer_user_id = ? order by created_at desc limit 1', [customerUserId]);
    return row ?? null;
  }

  async openHoldsOf(customerUserId: string, now: Date): Promise<Array<BookingRow & { checkout_session_id: string | null }>> {
    return this.db.execute(
      `select b.*, p.checkout_session_id from rm_session_bookings b left join rm_pending_payments p on p.id = 'pp-' || b.checkout_ref
        where b.customer_user_id = ? and b.status = 'held' and b.hold_expires_at > ?`,
      [customerUserId, now],
    );
  }
}
