import type { z } from 'zod';
import type { Decider } from '../../events/decider';
import { laterExtension, licenseStanding, type LicenseTerm } from './license-standing';
import {
  LicensedUserAdded,
  LicenseExtended,
  LicensedUserRemoved,
  LicenseGranted,
  LicenseKeyRotated,
  LicensePlanChanged,
  LicenseRevoked,
  LicenseTermChanged,
  type LicenseEvent,
} from './licenses.events';
import { LicenseInactiveError, LicenseNotFoundError, NoSeatsLeftError, SeatAlreadyGivenError, SeatOwnerError } from './licenses.errors';

export type LicenseCommand =
  | { type: 'GrantLicense'; license: z.input<typeof LicenseGranted.schema> }
  | { type: 'ChangeLicenseTerm'; status: 'active' | 'past_due' | 'ended'; validUntil: string | null; at: string }
  | { type: 'ExtendLicense'; until: string; at: string }
  | { type: 'RevokeLicense'; reason: 'refund' | 'dispute' | 'admin'; at: string }
  | {
      type: 'AddLicensedUser';
      ownerUserId: string;
      ownerName: string;
      planTitle: string;
      email: string;
      seatKey: { sealed: string; hash: string; hint: string };
      at: string;
    }
  | { type: 'RemoveLicensedUser'; ownerUserId: string; email: string; at: string }
  | {
      type: 'ChangeLicensePlan';
      terms: { resourceId: string; plan: string; seats: number; devicesPerSeat: number; includedCreditsPerMonth: number };
      at: string;
    }
  | { type: 'RotateLicenseKey'; ownerUserId: string; key: { sealed: string; hash: string; hint: string }; at: string };

export interface LicenseState {
  granted: boolean;
  licenseId: string;
  keyHash: string;
  ownerUserId: string | null;
  ownerEmail: string | null;
  seats: number;
  terms: { resourceId: string; plan: string; seats: number; devicesPerSeat: number; includedCreditsPerMonth: number } | null;
  kind: 'lifetime' | 'subscription' | null;
  /** What its subscription says (or, for a lifetime license, active with no end). */
  term: LicenseTerm;
  /** Support's extension: the license stays active until then whatever the term says. */
  extendedUntil: string | null;
  /** How it stands: the term and the extension together (licenseStanding), or revoked. */
  status: 'active' | 'past_due' | 'ended' | 'revoked';
  validUntil: string | null;
  users: Array<{ email: string; seatKeyHash: string }>;
}

/** Seats include the owner's own: a license for 3 seats has room for 2 more people. */
export const seatsFree = (state: LicenseState) => Math.max(0, state.seats - 1 - state.users.length);

export const licenseDecider: Decider<LicenseCommand, LicenseEvent, LicenseState> = {
  events: [LicenseGranted, LicenseTermChanged, LicenseExtended, LicenseRevoked, LicensedUserAdded, LicensedUserRemoved, LicenseKeyRotated, LicensePlanChanged],
  initialState: () => ({
    granted: false,
    licenseId: '',
    keyHash: '',
    ownerUserId: null,
    ownerEmail: null,
    seats: 0,
    terms: null,
    kind: null,
    term: { status: 'active', validUntil: null },
    extendedUntil: null,
    status: 'active',
    validUntil: null,
    users: [],
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'LicenseGranted':
        return {
          ...state,
          granted: true,
          licenseId: event.data.licenseId,
          keyHash: event.data.keyHash,
          ownerUserId: event.data.userId,
          ownerEmail: event.data.email,
          seats: event.data.seats,
          kind: event.data.kind,
          term: { status: 'active', validUntil: event.data.validUntil },
          validUntil: event.data.validUntil,
          terms: termsOf(event.data),
        };
      case 'LicensePlanChanged':
        return { ...state, seats: event.data.seats, terms: termsOf(event.data) };
      case 'LicenseTermChanged':
        return standing(state, { status: event.data.status, validUntil: event.data.validUntil }, state.extendedUntil);
      case 'LicenseExtended':
        return standing(state, state.term, laterExtension(state.extendedUntil, event.data.until));
      case 'LicenseRevoked':
        return { ...state, status: 'revoked' };
      case 'LicensedUserAdded':
        return { ...state, users: [...state.users, { email: event.data.email, seatKeyHash: event.data.seatKeyHash }] };
      case 'LicensedUserRemoved':
        return { ...state, users: state.users.filter((u) => u.email !== event.data.email) };
      case 'LicenseKeyRotated':
        return { ...state, keyHash: event.data.keyHash };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'GrantLicense':
        return state.granted ? [] : [LicenseGranted(command.license)];
      case 'ChangeLicenseTerm': {
        if (!state.granted || state.status === 'revoked') return [];
        // Against the subscription's own term, not the standing: an extension is no change to undo.
        if (state.term.status === command.status && state.term.validUntil === command.validUntil) return [];
        return [LicenseTermChanged({ licenseId: state.licenseId, status: command.status, validUntil: command.validUntil, at: command.at })];
      }
      case 'ExtendLicense':
        return extend(command, state);
      case 'RevokeLicense':
        return state.granted && state.status !== 'revoked' ? [LicenseRevoked({ licenseId: state.licenseId, reason: command.reason, at: command.at })] : [];
      case 'AddLicensedUser':
        return addUser(command, state);
      case 'ChangeLicensePlan': {
        if (!state.granted || state.status === 'revoked' || state.status === 'ended') return [];
        if (JSON.stringify(state.terms) === JSON.stringify(termsOf(command.terms))) return [];
        return [LicensePlanChanged({ licenseId: state.licenseId, ...termsOf(command.terms), at: command.at })];
      }
      case 'RotateLicenseKey':
        ownedBy(state, command.ownerUserId);
        if (state.status === 'revoked') throw new LicenseInactiveError('key');
        return [
          LicenseKeyRotated({
            licenseId: state.licenseId,
            oldKeyHash: state.keyHash,
            keySealed: command.key.sealed,
            keyHash: command.key.hash,
            keyHint: command.key.hint,
            at: command.at,
          }),
        ];
      case 'RemoveLicensedUser': {
        ownedBy(state, command.ownerUserId);
        const user = state.users.find((u) => u.email === command.email);
        return user
          ? [
              LicensedUserRemoved({
                licenseId: state.licenseId,
                ownerUserId: command.ownerUserId,
                email: command.email,
                seatKeyHash: user.seatKeyHash,
                at: command.at,
              }),
            ]
          : [];
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

const termsOf = (t: { resourceId: string; plan: string; seats: number; devicesPerSeat: number; includedCreditsPerMonth: number }) => ({
  resourceId: t.resourceId,
  plan: t.plan,
  seats: t.seats,
  devicesPerSeat: t.devicesPerSeat,
  includedCreditsPerMonth: t.includedCreditsPerMonth,
});

/** The license with a new term or extension, standing as the two say; a revoked one stays revoked. */
function standing(state: LicenseState, term: LicenseTerm, extendedUntil: string | null): LicenseState {
  if (state.status === 'revoked') return { ...state, term, extendedUntil };
  return { ...state, term, extendedUntil, ...licenseStanding(term, extendedUntil) };
}

/**
 * Only a subscription's license ends by a date; a revoked one stays revoked. Extending to the
 * date it is already extended to, or an earlier one, records nothing (a retried support action).
 */
function extend(command: Extract<LicenseCommand, { type: 'ExtendLicense' }>, state: LicenseState): LicenseEvent[] {
  if (!state.granted || state.kind !== 'subscription' || state.status === 'revoked') return [];
  const until = new Date(command.until).toISOString();
  if (laterExtension(state.extendedUntil, until) === state.extendedUntil) return [];
  return [LicenseExtended({ licenseId: state.licenseId, until, at: command.at })];
}

function ownedBy(state: LicenseState, userId: string): void {
  // Someone else's license looks the same as none: nothing about it is revealed.
  if (!state.granted || state.ownerUserId !== userId) throw new LicenseNotFoundError();
}

function addUser(command: Extract<LicenseCommand, { type: 'AddLicensedUser' }>, state: LicenseState): LicenseEvent[] {
  ownedBy(state, command.ownerUserId);
  if (state.users.some((u) => u.email === command.email)) throw new SeatAlreadyGivenError(command.email);
  if (state.status === 'revoked' || state.status === 'ended') throw new LicenseInactiveError('seats');
  if (command.email === state.ownerEmail) throw new SeatOwnerError();
  if (seatsFree(state) === 0) throw new NoSeatsLeftError(state.seats);
  return [
    LicensedUserAdded({
      licenseId: state.licenseId,
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
