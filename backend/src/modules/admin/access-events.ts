import type { Recorded } from '../../events/projector';
import type { RecordedEvent } from '../../events/recorded-event';
import type { BookingEvent } from '../booking';
import type { PurchaseEvent } from '../checkout';
import type { CreditEvent } from '../credits';
import type { LicenseEvent } from '../licenses';
import type { SubscriptionEvent } from '../subscriptions';
import type { SupportActionView } from './support-action-view';
type AccessEvent = LicenseEvent | PurchaseEvent | SubscriptionEvent | CreditEvent | BookingEvent;

/** The events that grant, explain or end an entitlement: the only ones the account's query reads. */
export const ACCESS_EVENT_TYPES = [
  'LicenseGranted',
  'LicenseTermChanged',
  'LicenseExtended',
  'LicenseRevoked',
  'LicensePlanChanged',
  'SeatAssigned',
  'SeatRemoved',
  'PurchaseCompleted',
  'PurchaseRefunded',
  'PurchaseDisputed',
  'ResourceAccessGranted',
  'ResourceAccessRevoked',
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionPastDue',
  'SubscriptionCancellationScheduled',
  'SubscriptionCancelled',
  'SubscriptionPlanChanged',
  'AddOnCreditsAdded',
  'AddOnCreditsRemoved',
  'IncludedCreditsCycleStarted',
  'BookingConfirmed',
  'BookingRescheduled',
  'BookingCancelled',
] as const satisfies readonly AccessEvent['type'][];

export type AccessRecord = Extract<Recorded<AccessEvent>, { type: (typeof ACCESS_EVENT_TYPES)[number] }>;

const ACCESS_TYPES: ReadonlySet<string> = new Set(ACCESS_EVENT_TYPES);

/** Whether a decoded event (its data validated by its definition) is one the derivation reads. */
export function isAccessEvent(event: RecordedEvent): event is AccessRecord {
  return ACCESS_TYPES.has(event.type);
}

/** What the read models already know about terms, so the derivation never works them out again. */
export interface AccessFacts {
  subscriptions: ReadonlyMap<string, { status: 'active' | 'past_due' | 'cancelled'; currentPeriodEnd: Date; cancelAt: Date | null; cancelledAt: Date | null }>;
  licenses: ReadonlyMap<string, { status: 'active' | 'past_due' | 'ended' | 'revoked'; validUntil: Date | null }>;
  packs: ReadonlyMap<string, { credits: number; remaining: number }>;
  /** The cycle in force now, by license. */
  cycles: ReadonlyMap<string, { cycleEnd: Date; allowance: number; used: number }>;
  /** The catalog's titles: a grant names its resource by id. */
  resourceTitles: ReadonlyMap<string, string>;
}

export interface AccessHistory {
  userId: string;
  /** The account's address: a seat is given to an address, not to an account. */
  email: string | null;
  /** In log order. */
  events: readonly AccessRecord[];
  /** Support actions by the causation id that names them (`event:<position>`). */
  supportActions: ReadonlyMap<string, SupportActionView>;
  facts: AccessFacts;
  now: Date;
}

export type Of<T extends AccessRecord['type']> = Extract<AccessRecord, { type: T }>;
