import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BookedSession, HostSession, OpenSlot, SessionsPageData, SessionType } from '../../../../contracts/booking/booking.contract';
import { parseFeatures } from '../../../../contracts/catalog/resource-rules';
import type { HostScheduleInput } from '../../../../contracts/availability/availability.contract';
import { type ReadModelRow, readModelKysely } from '../../platform/database/read-model-kysely';
import type { AvailabilityTables } from '../availability';
import { openSlots, type Busy } from '../availability';
import type { SignedInUser } from '../auth';
import type { CatalogQueries } from '../catalog';
import { BookingNotFoundError } from './booking.errors';
import { BOOKING_POLICY, CHANGE_NOTICE_MS } from './booking.decider';
import { HOLD_MINUTES, listed, sessionMinutes } from './booking-policy';
import type { SessionBookingTables } from './projections/session-bookings.entity';

export interface HostRow {
  hostUserId: string;
  hostName: string;
  schedule: HostScheduleInput;
}

type BookingTables = SessionBookingTables & AvailabilityTables;

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

  async openHoldsOf(customerUserId: string, now: Date): Promise<BookingRow[]> {
    return this.db
      .selectFrom('rm_session_bookings')
      .selectAll()
      .where('customer_user_id', '=', customerUserId)
      .where('status', '=', 'held')
      .where('hold_expires_at', '>', now)
      .execute();
  }
}

/** What /sessions, the dashboard's sessions and a host's list show, from the read models. */
export class BookingQueries {
  constructor(
    private readonly reads: BookingReads,
    private readonly catalog: CatalogQueries,
  ) {}

  async pageData(viewer: SignedInUser | null, now = new Date()): Promise<SessionsPageData> {
    const [types, hosts] = await Promise.all([this.catalog.findByType('session'), this.reads.hosts()]);
    const busy = new Map(await Promise.all(hosts.map(async (h) => [h.hostUserId, await this.reads.busy(h.hostUserId, now, now)] as const)));
    const sessionTypes: SessionType[] = types.map((resource) => {
      const minutes = sessionMinutes(resource);
      const slots = hosts.flatMap((host) =>
        openSlots(listed(host), busy.get(host.hostUserId) ?? [], minutes, now).map((slot) => ({ ...slot, hostUserId: host.hostUserId })),
      );
      return {
        id: resource.id,
        title: resource.title,
        summary: resource.metadata.summary ?? resource.description,
        features: parseFeatures(resource.metadata.features),
        minutes,
        priceCents: Math.max(0, resource.priceCents ?? 0),
        currency: 'USD',
        slots: dedupeByStart(slots),
      };
    });
    const latest = viewer ? await this.reads.latestOf(viewer.userId) : null;
    return {
      sessionTypes,
      hosts: hosts.map((h) => ({ userId: h.hostUserId, name: h.hostName })),
      holdMinutes: HOLD_MINUTES,
      policy: BOOKING_POLICY,
      latest: latest
        ? { bookingId: latest.booking_id, status: latest.status, start: new Date(latest.start_at).toISOString(), sessionTitle: latest.session_title }
        : null,
    };
  }

  async mySessions(
    user: SignedInUser,
    now = new Date(),
  ): Promise<{ upcoming: BookedSession[]; past: BookedSession[]; cancelled: BookedSession[]; policy: string }> {
    const rows = (await this.reads.bookingsOf(user.userId)).map((row) => bookedSession(row, now));
    const ahead = (s: BookedSession) => Date.parse(s.end) > now.getTime();
    // A time held while its payment completes is ahead too; a cancelled one is never "past", whenever it was.
    const upcoming = rows.filter((s) => (s.status === 'confirmed' || s.status === 'held') && ahead(s));
    const past = rows.filter((s) => s.status === 'confirmed' && !ahead(s)).reverse();
    const cancelled = rows.filter((s) => !upcoming.includes(s) && !past.includes(s)).reverse();
    return { upcoming, past, cancelled, policy: BOOKING_POLICY };
  }

  async rescheduleSlots(user: SignedInUser, bookingId: string, now = new Date()): Promise<OpenSlot[]> {
    const { booking, host } = await this.ownBooking(user, bookingId);
    if (booking.status !== 'confirmed' || !host) return [];
    const busy = await this.reads.busy(host.hostUserId, now, now, booking.booking_id);
    return openSlots(listed(host), busy, booking.minutes, now)
      .filter((slot) => slot.start !== new Date(booking.start_at).toISOString())
      .map((slot) => ({ ...slot, hostUserId: host.hostUserId }));
  }

  async hostSessions(host: SignedInUser, now = new Date()): Promise<HostSession[]> {
    return (await this.reads.upcomingOfHost(host.userId, now)).map((row) => ({
      bookingId: row.booking_id,
      sessionTitle: row.session_title,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      start: new Date(row.start_at).toISOString(),
      end: new Date(row.end_at).toISOString(),
      minutes: row.minutes,
    }));
  }

  /** The customer's own booking (never a hold) and its host; BookingNotFoundError otherwise. */
  async ownBooking(user: SignedInUser, bookingId: string): Promise<{ booking: BookingRow; host: HostRow | null }> {
    const booking = await this.reads.booking(user.userId, bookingId);
    if (!booking || booking.status === 'held' || booking.status === 'released') throw new BookingNotFoundError();
    return { booking, host: await this.reads.host(booking.host_user_id) };
  }

  /** The customer's booking as it reads now (after a change the read model has caught up with). */
  async session(user: SignedInUser, bookingId: string, now: Date): Promise<BookedSession> {
    const row = await this.reads.booking(user.userId, bookingId);
    return bookedSession(row!, now);
  }
}

/** With several hosts free at one time, the visitor sees the time once (the first host's). */
function dedupeByStart(slots: OpenSlot[]): OpenSlot[] {
  const seen = new Set<string>();
  return slots.sort((a, b) => a.start.localeCompare(b.start)).filter((slot) => (seen.has(slot.start) ? false : (seen.add(slot.start), true)));
}

function bookedSession(row: BookingRow, now: Date): BookedSession {
  const start = new Date(row.start_at);
  const ahead = start.getTime() - now.getTime();
  const confirmed = row.status === 'confirmed';
  return {
    bookingId: row.booking_id,
    sessionTypeId: row.session_type_id,
    sessionTitle: row.session_title,
    hostName: row.host_name,
    start: start.toISOString(),
    end: new Date(row.end_at).toISOString(),
    minutes: row.minutes,
    status: row.status,
    meetingUrl: confirmed ? row.meeting_url : null,
    refundable: confirmed && ahead >= CHANGE_NOTICE_MS,
    reschedulable: confirmed && ahead >= CHANGE_NOTICE_MS,
    refund: row.refund,
    amountCents: row.amount_cents,
    currency: row.currency.toUpperCase(),
  };
}
