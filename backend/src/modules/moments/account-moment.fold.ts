import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import type { NewEvent } from '../../events/event-registry';
import { bookingEvents } from '../booking';
import { purchaseEvents, renewalPaymentEvents, renewalPendingPayments } from '../checkout';
import { creditEvents } from '../credits';
import { deviceEvents } from '../devices';
import { licenseEvents } from '../licenses';
import { bookingsView, emptyBookings, evolveBookings, type BookingMoment } from './booking-moment';
import { creditsView, emptyCredits, evolveCredits, type CreditMoment } from './credit-moment';
import { emptyDevices, emptyLicense, evolveDevices, evolveLicense, licenseView, type DevicesMoment, type LicenseMoment } from './license-moment';
import { narrowEvent } from './narrow-event';
import {
  emptyCheckout,
  emptyFreeAccess,
  emptyPending,
  evolveCheckout,
  evolveFreeAccess,
  evolvePending,
  pendingView,
  purchaseView,
  resourcesView,
  type CheckoutMoment,
  type FreeAccessMoment,
  type PendingMoment,
} from './purchase-moment';

/** The event types the fold reads: the others on the account's streams change nothing it shows. */
export const FOLDED_TYPES: readonly string[] = [
  ...licenseEvents,
  ...deviceEvents,
  ...creditEvents,
  ...purchaseEvents,
  ...renewalPaymentEvents,
  ...bookingEvents,
].map((definition) => definition.type);

/** One of the account's events, decoded: what the fold reads. */
export interface AccountEvent extends NewEvent {
  streamId: string;
}

/** Every stream of the account, each folded by its own module's decider (plus what the page shows that it does not keep). */
export interface AccountFold {
  licenses: ReadonlyMap<string, LicenseMoment>;
  devices: ReadonlyMap<string, DevicesMoment>;
  credits: CreditMoment;
  checkouts: ReadonlyMap<string, CheckoutMoment>;
  pending: ReadonlyMap<string, PendingMoment>;
  freeAccess: ReadonlyMap<string, FreeAccessMoment>;
  bookings: BookingMoment;
}

export const emptyAccount = (): AccountFold => ({
  licenses: new Map(),
  devices: new Map(),
  credits: emptyCredits(),
  checkouts: new Map(),
  pending: new Map(),
  freeAccess: new Map(),
  bookings: emptyBookings(),
});

const updated = <V>(map: ReadonlyMap<string, V>, key: string, empty: () => V, evolve: (value: V) => V) =>
  new Map(map).set(key, evolve(map.get(key) ?? empty()));

/**
 * The account after one more event. Which decider folds it follows from its stream, as the
 * module that appended it named the stream (account-streams.ts lists the same prefixes).
 */
export function evolveAccount(fold: AccountFold, event: AccountEvent): AccountFold {
  const { streamId } = event;
  if (streamId.startsWith('license-devices-')) {
    const device = narrowEvent(deviceEvents, event);
    return device
      ? { ...fold, devices: updated(fold.devices, streamId.slice('license-devices-'.length), emptyDevices, (m) => evolveDevices(m, device)) }
      : fold;
  }
  if (streamId.startsWith('license-')) {
    const license = narrowEvent(licenseEvents, event);
    return license ? { ...fold, licenses: updated(fold.licenses, streamId.slice('license-'.length), emptyLicense, (m) => evolveLicense(m, license)) } : fold;
  }
  if (streamId.startsWith('credits-')) {
    const credit = narrowEvent(creditEvents, event);
    return credit ? { ...fold, credits: evolveCredits(fold.credits, credit) } : fold;
  }
  if (streamId.startsWith('host-calendar-')) {
    const booking = narrowEvent(bookingEvents, event);
    return booking ? { ...fold, bookings: evolveBookings(fold.bookings, streamId, booking) } : fold;
  }
  // A subscription's failed renewal is a pending payment too, read from its own events as checkout reads it.
  const renewal = narrowEvent(renewalPaymentEvents, event);
  if (renewal) return renewalPendingPayments(renewal).reduce((next, pending) => evolveAccount(next, { ...pending, streamId }), fold);
  const purchase = narrowEvent(purchaseEvents, event);
  if (!purchase) return fold;
  if (streamId.startsWith('freeaccess-'))
    return { ...fold, freeAccess: updated(fold.freeAccess, streamId, emptyFreeAccess, (m) => evolveFreeAccess(m, purchase)) };
  const next = pendingPaymentId(purchase)
    ? { ...fold, pending: updated(fold.pending, pendingPaymentId(purchase)!, emptyPending, (m) => evolvePending(m, purchase)) }
    : fold;
  if (streamId.startsWith('checkout-'))
    return { ...next, checkouts: updated(fold.checkouts, streamId.slice('checkout-'.length), emptyCheckout, (m) => evolveCheckout(m, purchase)) };
  return next;
}

function pendingPaymentId(event: ReturnType<(typeof purchaseEvents)[number]>): string | null {
  switch (event.type) {
    case 'PendingPaymentOpened':
    case 'PendingPaymentProcessing':
    case 'PendingPaymentSettled':
    case 'PendingPaymentExpired':
      return event.data.pendingPaymentId;
    default:
      return null;
  }
}

export const foldAccount = (events: Iterable<AccountEvent>, from: AccountFold = emptyAccount()): AccountFold => {
  let fold = from;
  for (const event of events) fold = evolveAccount(fold, event);
  return fold;
};

/** The account page's sections from a fold, in the page's order; credits counted as running at `at`. */
export function accountView(fold: AccountFold, at: Date): AccountMoment {
  const licenses = [...fold.licenses.values()]
    .flatMap((license) => licenseView(license, fold.devices) ?? [])
    .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt));
  const purchases = [...fold.checkouts.entries()]
    .flatMap(([checkoutRef, checkout]) => purchaseView(checkoutRef, checkout) ?? [])
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  const pendingPayments = [...fold.pending.entries()]
    .flatMap(([id, pending]) => pendingView(id, pending) ?? [])
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
  return {
    plan: licenses.find((license) => license.status === 'active')?.plan ?? null,
    licenses,
    credits: creditsView(fold.credits, at),
    resources: resourcesView(fold.checkouts.values(), fold.freeAccess.values()),
    purchases,
    bookings: bookingsView(fold.bookings),
    pendingPayments,
  };
}
