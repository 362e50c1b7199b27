import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { HostSession } from '../../../../contracts/booking/host-sessions.contract';
import type { BookedSession, OpenSlot, SessionsPageData, SessionType } from '../../../../contracts/booking/sessions.contract';
import { parseFeatures } from '../../../../contracts/catalog/resource-rules';
import type { Resource } from '../../../../contracts/catalog/resource';
import { runCommand, StreamStateCache } from '../../events/command-runner';
import { KeyedLanes } from '../../events/keyed-lanes';
import type { EventMetadata } from '../../events/event-metadata';
import type { EventStore } from '../../events/event-store';
import { StreamVersionConflictError } from '../../events/event-store.errors';
import { awaitProjection } from '../../events/projection-wait';
import type { SignedInUser } from '../auth/auth';
import type { CatalogQueries } from '../catalog/catalog.queries';
import { CheckoutService } from '../checkout/checkout.service';
import type { StripeClient } from '../../integrations/stripe/stripe-client';
import type { BookingReads, BookingRow, HostRow } from './booking.queries';
import { BookingNotFoundError, HostSessionNotFoundError, NotASessionError, SlotTakenError, SlotUnavailableError, TooManyHoldsError } from './booking.errors';
import { hostCalendarStreamId, type SessionDetails } from './booking.events';
import { BOOKING_POLICY, CHANGE_NOTICE_MS, hostCalendarDecider, type CalendarCommand, type HostCalendar } from './booking.decider';
import { offersStart, openSlots } from '../availability/open-slots';

/** How long a chosen time is kept while the customer pays (Stripe's shortest checkout is 30 minutes). */
export const HOLD_MINUTES = 30;
const HOLD_MS = HOLD_MINUTES * 60_000 + 60_000;
/** What /sessions and a reschedule list: the next four weeks (a host may open bookings further ahead). */
export const LISTED_DAYS = 28;
const RACE_RETRIES = 20;
/** Times one customer may hold at once while paying: enough for a second thought, not to block a calendar. */
export const MAX_OPEN_HOLDS = 3;

export const sessionMinutes = (resource: Resource): number => {
  const minutes = Number(resource.metadata.sessionMinutes);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : 60;
};

/**
 * 1-on-1 sessions: open slots from hosts' schedules and their calendars, holds while customers
 * pay, then reschedules and cancellations. The host's calendar stream decides every change, so
 * two customers can never both have a time; the read models only suggest what is open.
 */
export class BookingService {
  /** Commands on one host's calendar run one at a time in this process, from its cached state. */
  private readonly lanes = new KeyedLanes();
  private readonly calendars = new StreamStateCache<HostCalendar>(1_000);

  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
    private readonly reads: BookingReads,
    private readonly catalog: CatalogQueries,
    private readonly checkout: CheckoutService,
    private readonly stripe: StripeClient,
    private readonly publicUrl: string,
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

  /** Holds the time on the host's calendar, then opens the Stripe Checkout that pays for it. */
  async book(
    user: SignedInUser,
    input: { sessionTypeId: string; hostUserId: string; start: string; timeZone: string },
    correlationId: string,
    now = new Date(),
  ) {
    const resource = await this.catalog.findByIdOrSlug(input.sessionTypeId);
    if (!resource || resource.type !== 'session') throw new NotASessionError();
    const host = await this.reads.host(input.hostUserId);
    if (!host) throw new SlotUnavailableError();
    const minutes = sessionMinutes(resource);
    const start = new Date(input.start);
    const end = new Date(start.getTime() + minutes * 60_000);
    // Within the host's hours here; whether someone holds or booked it is the calendar's to decide.
    if (!this.offered(host, minutes, start, now)) throw new SlotUnavailableError();
    if ((await this.reads.openHoldsOf(user.userId, now)).length >= MAX_OPEN_HOLDS) {
      throw new TooManyHoldsError(MAX_OPEN_HOLDS);
    }
    const holdId = `bk_${randomUUID().replaceAll('-', '')}`;
    const expiresAt = new Date(now.getTime() + HOLD_MS);
    const details: SessionDetails = {
      sessionTypeId: resource.id,
      sessionTitle: resource.title,
      minutes,
      hostName: host.hostName,
      meetingUrl: host.schedule.meetingUrl ?? null,
      customerEmail: user.email,
      customerName: user.name || null,
      customerTimeZone: input.timeZone,
      checkoutRef: CheckoutService.heldCheckoutRef(holdId),
      amountCents: Math.max(0, resource.priceCents ?? 0),
      currency: 'usd',
    };
    const metadata = userMetadata(user, correlationId);
    const hold = await this.decide(
      host.hostUserId,
      {
        type: 'HoldSlot',
        hostUserId: host.hostUserId,
        holdId,
        customerUserId: user.userId,
        start: start.toISOString(),
        end: end.toISOString(),
        bufferMinutes: host.schedule.bufferMinutes,
        expiresAt: expiresAt.toISOString(),
        details,
        at: now.toISOString(),
      },
      metadata,
    );
    await awaitProjection(this.orm, 'SessionBookingsProjector', hold, 1_000);
    try {
      const back = (status: 'success' | 'cancelled') => new URL(`/sessions?status=${status}`, this.publicUrl).toString();
      const outcome = await this.checkout.openHeldCheckout(
        user,
        resource,
        { ref: holdId, expiresAt, stripeMetadata: { holdId, hostUserId: host.hostUserId }, back },
        correlationId,
      );
      if (outcome.outcome !== 'redirect') await this.release(host.hostUserId, holdId, 'checkout_not_opened', metadata);
      return outcome;
    } catch (error) {
      await this.release(host.hostUserId, holdId, 'checkout_not_opened', metadata);
      throw error;
    }
  }

  /** The customer came back from a cancelled checkout: close its Stripe session and give the time back. */
  async releaseHolds(user: SignedInUser, correlationId: string, now = new Date()): Promise<number> {
    let released = 0;
    for (const hold of await this.reads.openHoldsOf(user.userId, now)) {
      if (hold.checkout_session_id) {
        const session = await this.stripe.api.checkout.sessions.retrieve(hold.checkout_session_id);
        if (session.status === 'complete') continue;
        if (session.status === 'open') await this.stripe.api.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire-${session.id}` });
      }
      const outcome = await this.release(hold.host_user_id, hold.booking_id, 'checkout_cancelled', userMetadata(user, correlationId));
      if (outcome.status === 'appended') released += 1;
      await awaitProjection(this.orm, 'SessionBookingsProjector', outcome, 1_000);
    }
    return released;
  }

  async mySessions(user: SignedInUser, now = new Date()): Promise<{ upcoming: BookedSession[]; past: BookedSession[]; policy: string }> {
    const rows = (await this.reads.bookingsOf(user.userId)).map((row) => bookedSession(row, now));
    const upcoming = rows.filter((s) => s.status === 'confirmed' && Date.parse(s.end) > now.getTime());
    const past = rows.filter((s) => !upcoming.includes(s)).reverse();
    return { upcoming, past, policy: BOOKING_POLICY };
  }

  async rescheduleSlots(user: SignedInUser, bookingId: string, now = new Date()): Promise<OpenSlot[]> {
    const { booking, host } = await this.ownBooking(user, bookingId);
    if (booking.status !== 'confirmed' || !host) return [];
    const busy = await this.reads.busy(host.hostUserId, now, now, booking.booking_id);
    return openSlots(listed(host), busy, booking.minutes, now)
      .filter((slot) => slot.start !== new Date(booking.start_at).toISOString())
      .map((slot) => ({ ...slot, hostUserId: host.hostUserId }));
  }

  async reschedule(user: SignedInUser, bookingId: string, startIso: string, correlationId: string, now = new Date()): Promise<BookedSession> {
    const { booking, host } = await this.ownBooking(user, bookingId);
    if (!host || booking.status !== 'confirmed') throw new SlotUnavailableError();
    const start = new Date(startIso);
    if (!this.offered(host, booking.minutes, start, now)) throw new SlotUnavailableError();
    const end = new Date(start.getTime() + booking.minutes * 60_000);
    const outcome = await this.decide(
      host.hostUserId,
      {
        type: 'RescheduleBooking',
        hostUserId: host.hostUserId,
        bookingId,
        customerUserId: user.userId,
        start: start.toISOString(),
        end: end.toISOString(),
        bufferMinutes: host.schedule.bufferMinutes,
        at: now.toISOString(),
      },
      userMetadata(user, correlationId),
    );
    await awaitProjection(this.orm, 'SessionBookingsProjector', outcome);
    return this.fresh(user, bookingId, now);
  }

  async cancel(user: SignedInUser, bookingId: string, correlationId: string, now = new Date()): Promise<BookedSession> {
    const { booking } = await this.ownBooking(user, bookingId);
    const outcome = await this.decide(
      booking.host_user_id,
      { type: 'CancelBooking', hostUserId: booking.host_user_id, bookingId, customerUserId: user.userId, by: 'customer', at: now.toISOString() },
      userMetadata(user, correlationId),
    );
    await awaitProjection(this.orm, 'SessionBookingsProjector', outcome);
    return this.fresh(user, bookingId, now);
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

  /** A host calls a session off: always a full refund. */
  async hostCancel(host: SignedInUser, bookingId: string, correlationId: string, now = new Date()): Promise<void> {
    const booking = await this.reads.bookingOfHost(host.userId, bookingId);
    if (!booking || booking.status !== 'confirmed') throw new HostSessionNotFoundError();
    const outcome = await this.decide(
      host.userId,
      { type: 'CancelBooking', hostUserId: host.userId, bookingId, customerUserId: null, by: 'host', at: now.toISOString() },
      userMetadata(host, correlationId),
    );
    await awaitProjection(this.orm, 'SessionBookingsProjector', outcome);
  }

  /** Runs a calendar command; a lost race is decided again (against the winner) until it settles. */
  async decide(hostUserId: string, command: CalendarCommand, metadata: EventMetadata) {
    const streamId = hostCalendarStreamId(hostUserId);
    try {
      return await this.lanes.run(streamId, () =>
        runCommand({ store: this.store, streamId, decider: hostCalendarDecider, command, metadata, retries: RACE_RETRIES, cache: this.calendars }),
      );
    } catch (error) {
      // Lost every race to other processes: the calendar is too busy to tell; say so as a taken slot.
      if (error instanceof StreamVersionConflictError) throw new SlotTakenError();
      throw error;
    }
  }

  private release(hostUserId: string, holdId: string, reason: Extract<CalendarCommand, { type: 'ReleaseHold' }>['reason'], metadata: EventMetadata) {
    return this.decide(hostUserId, { type: 'ReleaseHold', hostUserId, holdId, reason, at: new Date().toISOString() }, metadata);
  }

  /** Whether the host's hours and rules offer this start (busy times aside). */
  private offered(host: HostRow, minutes: number, start: Date, now: Date): boolean {
    return offersStart(host.schedule, minutes, start, now);
  }

  private async ownBooking(user: SignedInUser, bookingId: string): Promise<{ booking: BookingRow; host: HostRow | null }> {
    const booking = await this.reads.booking(user.userId, bookingId);
    if (!booking || booking.status === 'held' || booking.status === 'released') throw new BookingNotFoundError();
    return { booking, host: await this.reads.host(booking.host_user_id) };
  }

  private async fresh(user: SignedInUser, bookingId: string, now: Date): Promise<BookedSession> {
    const row = await this.reads.booking(user.userId, bookingId);
    return bookedSession(row!, now);
  }
}

const listed = (host: HostRow) => ({ ...host.schedule, horizonDays: Math.min(host.schedule.horizonDays, LISTED_DAYS) });

function userMetadata(user: SignedInUser, correlationId: string): EventMetadata {
  return { correlationId, causationId: null, actor: { kind: 'user', userId: user.userId } };
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
