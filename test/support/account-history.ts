import type { Decider } from '../../backend/src/events/decider';
import type { NewEvent } from '../../backend/src/events/event-registry';
import { hostCalendarDecider } from '../../backend/src/modules/booking';
import { checkoutDecider, checkoutStreamId } from '../../backend/src/modules/checkout';
import { creditLedgerDecider } from '../../backend/src/modules/credits';
import { deviceDecider } from '../../backend/src/modules/devices';
import { licenseDecider } from '../../backend/src/modules/licenses';

/** Runs one command on a stream through its decider: load, decide, append (or, in a spec, fold). */
export type RunCommand = <Command, Event extends NewEvent, State>(streamId: string, decider: Decider<Command, Event, State>, command: Command) => Promise<void>;

export interface HistoryStep {
  label: string;
  run(command: RunCommand): Promise<void>;
}

const HOUR = 3_600_000;
const LAPTOP = 'a'.repeat(64);

/**
 * One account's life, as the deciders record it: a checkout opened and paid (a course), a team
 * license, a seat given, devices added, a credit pack and credits used, a partial then a full
 * refund, a booking made, moved and cancelled, a device released, a seat taken back. `start` is
 * the time of the first step; each step is a minute after the one before.
 */
export function accountHistory(ids: { userId: string; unique: string }, start: Date): HistoryStep[] {
  const { userId, unique } = ids;
  const ref = `moment-${unique}`;
  const licenseId = `lic-moment-${unique}`;
  const hostUserId = `host-moment-${unique}`;
  const holdId = `booking-moment-${unique}`;
  const at = (minute: number) => new Date(start.getTime() + minute * 60_000).toISOString();
  const cycle = {
    licenseId,
    cycleStart: new Date(start.getTime() - 24 * HOUR).toISOString(),
    cycleEnd: new Date(start.getTime() + 29 * 24 * HOUR).toISOString(),
    allowance: 1_000,
  };
  const sessionStart = new Date(start.getTime() + 72 * HOUR);
  const details = {
    sessionTypeId: 'intro',
    sessionTitle: 'Intro call',
    minutes: 30,
    hostName: 'Demo Host',
    meetingUrl: null,
    customerEmail: `${unique}@example.com`,
    customerName: 'Moment Buyer',
    customerTimeZone: 'UTC',
    checkoutRef: `session-${ref}`,
    amountCents: 5_000,
    currency: 'usd',
  };
  const device = (seat: string, deviceHash: string, name: string, minute: number) => ({
    type: 'ActivateDevice' as const,
    licenseId,
    seat,
    deviceHash,
    name,
    pluginVersion: '4.1.0',
    devicesPerSeat: 2,
    at: at(minute),
  });
  const checkout = checkoutStreamId(ref);
  const license = `license-${licenseId}`;
  const devices = `license-devices-${licenseId}`;
  const credits = `credits-${userId}`;
  const calendar = `host-calendar-${hostUserId}`;
  return [
    {
      label: 'a checkout opened',
      run: (command) =>
        command(checkout, checkoutDecider, {
          type: 'OpenCheckout',
          pending: {
            pendingPaymentId: `pp-${ref}`,
            userId,
            resourceId: 'course-moment',
            quantity: 1,
            kind: 'checkout',
            amountCents: 4_900,
            currency: 'usd',
            payUrl: `https://checkout.example.com/${ref}`,
            checkoutSessionId: `cs_${ref}`,
            expiresAt: at(60),
            openedAt: at(0),
            discount: null,
          },
        }),
    },
    {
      label: 'the purchase paid',
      run: (command) =>
        command(checkout, checkoutDecider, {
          type: 'CompleteCheckout',
          session: {
            checkoutRef: ref,
            checkoutSessionId: `cs_${ref}`,
            userId,
            email: `${unique}@example.com`,
            resourceId: 'course-moment',
            quantity: 1,
            amountCents: 4_900,
            currency: 'usd',
            mode: 'payment',
            paymentStatus: 'paid',
            customerId: `cus_${unique}`,
            paymentIntentId: `pi_${ref}`,
            subscriptionId: null,
            discount: null,
          },
          resource: { type: 'course', title: 'Moment course', grantsAccess: true },
          tax: null,
          at: at(1),
        }),
    },
    {
      label: 'a team license granted',
      run: (command) =>
        command(license, licenseDecider, {
          type: 'GrantLicense',
          license: {
            licenseId,
            userId,
            email: `${unique}@example.com`,
            resourceId: 'team-license',
            plan: 'team',
            kind: 'lifetime',
            seats: 3,
            devicesPerSeat: 2,
            includedCreditsPerMonth: 1_000,
            keySealed: 'sealed',
            keyHash: `hash-${licenseId}`,
            keyHint: 'AB12',
            source: { checkoutRef: ref, subscriptionId: null },
            validUntil: null,
            grantedAt: at(2),
          },
        }),
    },
    {
      label: 'a seat given',
      run: (command) =>
        command(license, licenseDecider, {
          type: 'AssignSeat',
          ownerUserId: userId,
          ownerName: 'Moment Buyer',
          planTitle: 'Team',
          email: `seat-${unique}@example.com`,
          seatKey: { sealed: 'sealed-seat', hash: `seat-hash-${licenseId}`, hint: 'CD34' },
          at: at(3),
        }),
    },
    { label: 'a device added', run: (command) => command(devices, deviceDecider, device('owner', LAPTOP, 'Laptop', 4)) },
    { label: 'another device added', run: (command) => command(devices, deviceDecider, device('owner', 'b'.repeat(64), 'Desktop', 5)) },
    {
      label: 'a credit pack bought',
      run: (command) =>
        command(credits, creditLedgerDecider, {
          type: 'AddCreditPack',
          userId,
          packId: `pack-${ref}`,
          resourceId: 'credits-5k',
          title: '5,000 credits',
          credits: 5_000,
          at: at(6),
        }),
    },
    {
      label: 'credits used',
      run: (command) =>
        command(credits, creditLedgerDecider, {
          type: 'DebitCredits',
          userId,
          entryId: `use-${ref}`,
          requestId: `req-${ref}`,
          cycle,
          endpoint: '/chat',
          usageKind: 'agent_turn',
          credits: 1_200,
          measures: null,
          at: at(7),
        }),
    },
    {
      label: 'part of the purchase refunded',
      run: (command) =>
        command(checkout, checkoutDecider, { type: 'RefundPurchase', chargeId: `ch_${ref}`, amountRefundedCents: 1_000, full: false, at: at(8) }),
    },
    {
      label: 'a session held',
      run: (command) =>
        command(calendar, hostCalendarDecider, {
          type: 'HoldSlot',
          hostUserId,
          holdId,
          customerUserId: userId,
          start: sessionStart.toISOString(),
          end: new Date(sessionStart.getTime() + 30 * 60_000).toISOString(),
          bufferMinutes: 15,
          expiresAt: at(39),
          details,
          at: at(9),
        }),
    },
    {
      label: 'the session booked',
      run: (command) =>
        command(calendar, hostCalendarDecider, {
          type: 'ConfirmBooking',
          hostUserId,
          holdId,
          paymentIntentId: `pi_session_${ref}`,
          bufferMinutes: 15,
          at: at(10),
        }),
    },
    {
      label: 'the session moved',
      run: (command) =>
        command(calendar, hostCalendarDecider, {
          type: 'RescheduleBooking',
          hostUserId,
          bookingId: holdId,
          customerUserId: userId,
          start: new Date(sessionStart.getTime() + 24 * HOUR).toISOString(),
          end: new Date(sessionStart.getTime() + 24 * HOUR + 30 * 60_000).toISOString(),
          bufferMinutes: 15,
          at: at(11),
        }),
    },
    {
      label: 'a device released',
      run: (command) => command(devices, deviceDecider, { type: 'ReleaseDevice', licenseId, deviceHash: LAPTOP, byUserId: userId, at: at(12) }),
    },
    {
      label: 'the seat taken back',
      run: (command) => command(license, licenseDecider, { type: 'RemoveSeat', ownerUserId: userId, email: `seat-${unique}@example.com`, at: at(13) }),
    },
    {
      label: 'the session cancelled',
      run: (command) =>
        command(calendar, hostCalendarDecider, { type: 'CancelBooking', hostUserId, bookingId: holdId, customerUserId: userId, by: 'customer', at: at(14) }),
    },
    {
      label: 'the rest refunded',
      run: (command) =>
        command(checkout, checkoutDecider, { type: 'RefundPurchase', chargeId: `ch_${ref}`, amountRefundedCents: 4_900, full: true, at: at(15) }),
    },
    {
      label: 'the license revoked',
      run: (command) => command(license, licenseDecider, { type: 'RevokeLicense', reason: 'refund', at: at(16) }),
    },
  ];
}
