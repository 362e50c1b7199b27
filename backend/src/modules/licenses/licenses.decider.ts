import type { z } from 'zod';
import type { Decider } from '../../events/decider';
import { laterExtension, licenseStanding, type LicenseTerm } from './license-standing';
import {
  LicenseExtended,
  LicenseGranted,
  LicenseKeyRotated,
  LicensePlanChanged,
  LicenseRevoked,
  LicenseTermChanged,
  SeatAssigned,
  SeatRemoved,
  type LicenseEvent,
} from './licenses.events';
import { LicenseInactiveError, LicenseNotFoundError, NoSeatsLeftError, SeatAlreadyGivenError, SeatOwnerError } from './licenses.errors';

type Terms = { resourceId: string; plan: string; seats: number; devicesPerSeat: number; includedCreditsPerMonth: number };
type RevocationReason = 'refund' | 'dispute' | 'admin';

export type LicenseCommand =
  | { type: 'GrantLicense'; license: z.input<typeof LicenseGranted.schema> }
  | { type: 'ChangeLicenseTerm'; status: 'active' | 'past_due' | 'ended'; validUntil: string | null; at: string }
  | { type: 'ExtendLicense'; until: string; at: string }
  | { type: 'RevokeLicense'; reason: RevocationReason; at: string }
  | {
      type: 'AssignSeat';
      ownerUserId: string;
      ownerName: string;
      planTitle: string;
      email: string;
      seatKey: { sealed: string; hash: string; hint: string };
      at: string;
    }
  | { type: 'RemoveSeat'; ownerUserId: string; email: string; at: string }
  | { type: 'ChangeLicensePlan'; terms: Terms; at: string }
  | { type: 'RotateLicenseKey'; ownerUserId: string; key: { sealed: string; hash: string; hint: string }; at: string };

/** What a granted license holds, whatever its status. */
interface GrantedLicense {
  licenseId: string;
  keyHash: string;
  ownerUserId: string;
  ownerEmail: string | null;
  seats: number;
  terms: Terms;
  kind: 'lifetime' | 'subscription';
  /** What its subscription says (or, for a lifetime license, active with no end). */
  term: LicenseTerm;
  /** Support's extension: the license stays active until then whatever the term says. */
  extendedUntil: string | null;
  validUntil: string | null;
  /** The seats given to other people (the owner's own is not among them). */
  seatHolders: Array<{ email: string; seatKeyHash: string }>;
}

/**
 * None until granted; then standing as its term and extension say (licenseStanding), until a
 * revocation, which nothing after it undoes.
 */
export type LicenseState =
  { status: 'none' } | (GrantedLicense & { status: LicenseTerm['status'] }) | (GrantedLicense & { status: 'revoked'; revokedReason: RevocationReason });

type Granted = Exclude<LicenseState, { status: 'none' }>;
type CommandOf<T extends LicenseCommand['type']> = Extract<LicenseCommand, { type: T }>;

/** Seats include the owner's own: a license for 3 seats has room for 2 more people. */
export const seatsFree = (license: GrantedLicense) => Math.max(0, license.seats - 1 - license.seatHolders.length);

export const licenseDecider: Decider<LicenseCommand, LicenseEvent, LicenseState> = {
  events: [LicenseGranted, LicenseTermChanged, LicenseExtended, LicenseRevoked, SeatAssigned, SeatRemoved, LicenseKeyRotated, LicensePlanChanged],
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    if (event.type === 'LicenseGranted') return state.status === 'none' ? granted(event.data) : state;
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'LicensePlanChanged':
        return { ...state, seats: event.data.seats, terms: termsOf(event.data) };
      case 'LicenseTermChanged':
        return standing(state, { status: event.data.status, validUntil: event.data.validUntil }, state.extendedUntil);
      case 'LicenseExtended':
        return standing(state, state.term, laterExtension(state.extendedUntil, event.data.until));
      case 'LicenseRevoked':
        return { ...state, status: 'revoked', revokedReason: event.data.reason };
      case 'SeatAssigned':
        return { ...state, seatHolders: [...state.seatHolders, { email: event.data.email, seatKeyHash: event.data.seatKeyHash }] };
      case 'SeatRemoved':
        return { ...state, seatHolders: state.seatHolders.filter((s) => s.email !== event.data.email) };
      case 'LicenseKeyRotated':
        return { ...state, keyHash: event.data.keyHash };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'GrantLicense':
        return state.status === 'none' ? [LicenseGranted(command.license)] : [];
      case 'ChangeLicenseTerm':
        return changeTerm(command, state);
      case 'ExtendLicense':
        return extend(command, state);
      case 'RevokeLicense':
        return revoke(command, state);
      case 'AssignSeat':
        return assignSeat(command, state);
      case 'RemoveSeat':
        return removeSeat(command, state);
      case 'ChangeLicensePlan':
        return changePlan(command, state);
      case 'RotateLicenseKey':
        return rotateKey(command, state);
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

function granted(data: z.output<typeof LicenseGranted.schema>): LicenseState {
  return {
    status: 'active',
    licenseId: data.licenseId,
    keyHash: data.keyHash,
    ownerUserId: data.userId,
    ownerEmail: data.email,
    seats: data.seats,
    terms: termsOf(data),
    kind: data.kind,
    term: { status: 'active', validUntil: data.validUntil },
    extendedUntil: null,
    validUntil: data.validUntil,
    seatHolders: [],
  };
}

const termsOf = (t: Terms): Terms => ({
  resourceId: t.resourceId,
  plan: t.plan,
  seats: t.seats,
  devicesPerSeat: t.devicesPerSeat,
  includedCreditsPerMonth: t.includedCreditsPerMonth,
});

/** The license with a new term or extension, standing as the two say; a revoked one stays revoked. */
function standing(state: Granted, term: LicenseTerm, extendedUntil: string | null): LicenseState {
  if (state.status === 'revoked') return { ...state, term, extendedUntil };
  return { ...state, term, extendedUntil, ...licenseStanding(term, extendedUntil) };
}

function changeTerm(command: CommandOf<'ChangeLicenseTerm'>, state: LicenseState): LicenseEvent[] {
  if (state.status === 'none' || state.status === 'revoked') return [];
  // Against the subscription's own term, not the standing: an extension is no change to undo.
  if (state.term.status === command.status && state.term.validUntil === command.validUntil) return [];
  return [LicenseTermChanged({ licenseId: state.licenseId, status: command.status, validUntil: command.validUntil, at: command.at })];
}

/**
 * Only a subscription's license ends by a date; a revoked one stays revoked. Extending to the
 * date it is already extended to, or an earlier one, records nothing (a retried support action).
 */
function extend(command: CommandOf<'ExtendLicense'>, state: LicenseState): LicenseEvent[] {
  if (state.status === 'none' || state.status === 'revoked' || state.kind !== 'subscription') return [];
  const until = new Date(command.until).toISOString();
  if (laterExtension(state.extendedUntil, until) === state.extendedUntil) return [];
  return [LicenseExtended({ licenseId: state.licenseId, until, at: command.at })];
}

function revoke(command: CommandOf<'RevokeLicense'>, state: LicenseState): LicenseEvent[] {
  if (state.status === 'none' || state.status === 'revoked') return [];
  return [LicenseRevoked({ licenseId: state.licenseId, reason: command.reason, at: command.at })];
}

function changePlan(command: CommandOf<'ChangeLicensePlan'>, state: LicenseState): LicenseEvent[] {
  if (state.status === 'none' || state.status === 'revoked' || state.status === 'ended') return [];
  if (JSON.stringify(state.terms) === JSON.stringify(termsOf(command.terms))) return [];
  return [LicensePlanChanged({ licenseId: state.licenseId, ...termsOf(command.terms), at: command.at })];
}

function ownedBy(state: LicenseState, userId: string): Granted {
  // Someone else's license looks the same as none: nothing about it is revealed.
  if (state.status === 'none' || state.ownerUserId !== userId) throw new LicenseNotFoundError();
  return state;
}

function rotateKey(command: CommandOf<'RotateLicenseKey'>, state: LicenseState): LicenseEvent[] {
  const license = ownedBy(state, command.ownerUserId);
  if (license.status === 'revoked') throw new LicenseInactiveError('key');
  return [
    LicenseKeyRotated({
      licenseId: license.licenseId,
      oldKeyHash: license.keyHash,
      keySealed: command.key.sealed,
      keyHash: command.key.hash,
      keyHint: command.key.hint,
      at: command.at,
    }),
  ];
}

function assignSeat(command: CommandOf<'AssignSeat'>, state: LicenseState): LicenseEvent[] {
  const license = ownedBy(state, command.ownerUserId);
  if (license.seatHolders.some((s) => s.email === command.email)) throw new SeatAlreadyGivenError(command.email);
  if (license.status === 'revoked' || license.status === 'ended') throw new LicenseInactiveError('seats');
  if (command.email === license.ownerEmail) throw new SeatOwnerError();
  if (seatsFree(license) === 0) throw new NoSeatsLeftError(license.seats);
  return [
    SeatAssigned({
      licenseId: license.licenseId,
      ownerUserId: command.ownerUserId,
      ownerName: command.ownerName,
      planTitle: command.planTitle,
      email: command.email,
      seatKeySealed: command.seatKey.sealed,
      seatKeyHash: command.seatKey.hash,
      seatKeyHint: command.seatKey.hint,
      at: command.at,
    }),
  ];
}

function removeSeat(command: CommandOf<'RemoveSeat'>, state: LicenseState): LicenseEvent[] {
  const license = ownedBy(state, command.ownerUserId);
  const seat = license.seatHolders.find((s) => s.email === command.email);
  if (!seat) return [];
  return [SeatRemoved({ licenseId: license.licenseId, ownerUserId: command.ownerUserId, email: command.email, seatKeyHash: seat.seatKeyHash, at: command.at })];
}
