import { deciderSpec } from '../../../../test/support/decider-spec';
import { fold } from '../../events/decider';
import { licenseDecider as decider, type LicenseCommand, type LicenseState } from './licenses.decider';
import { SeatError } from './licenses.errors';

const spec = deciderSpec(decider);
const AT = '2026-11-23T12:00:00.000Z';
const grant: LicenseCommand = {
  type: 'GrantLicense',
  license: {
    licenseId: 'lic_1',
    userId: 'owner',
    email: 'owner@example.com',
    resourceId: 'lifetime-license',
    plan: 'lifetime',
    kind: 'lifetime',
    seats: 3,
    devicesPerSeat: 5,
    includedCreditsPerMonth: 150_000,
    keySealed: 'sealed',
    keyHash: 'hash',
    keyHint: 'SSAI-…-AAAAA',
    source: { checkoutRef: 'chk_1', subscriptionId: null },
    validUntil: null,
    grantedAt: AT,
  },
};
const add = (email: string, ownerUserId = 'owner'): LicenseCommand => ({
  type: 'AssignSeat',
  ownerUserId,
  ownerName: 'Owner',
  planTitle: 'Lifetime license',
  email,
  seatKey: { sealed: `s-${email}`, hash: `h-${email}`, hint: 'h' },
  at: AT,
});
const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('a license and its seats', () => {
  it('is granted once, whatever asks again', () => {
    spec
      .given([])
      .when(grant, grant)
      .then((events) => expect(types(events)).toEqual(['LicenseGranted']));
  });

  it("gives seats up to the total, counting the owner's, and refuses the owner's own address", () => {
    const twoGiven = [grant, add('a@example.com'), add('b@example.com')];
    spec
      .given([])
      .when(...twoGiven)
      .then((events) => expect(types(events)).toEqual(['LicenseGranted', 'SeatAssigned', 'SeatAssigned']));
    spec
      .givenCommands(...twoGiven)
      .when(add('c@example.com'))
      .thenThrows(SeatError);
    spec
      .givenCommands(grant)
      .when(add('owner@example.com'))
      .thenThrows(/your own address/);
  });

  it('refuses a second seat for someone who already has one, saying so', () => {
    spec
      .givenCommands(grant, add('a@example.com'))
      .when(add('a@example.com'))
      .thenThrows(expect.objectContaining({ code: 'license.seat_already_given', status: 409 }));
  });

  it('frees a seat when someone is removed, and removing them again changes nothing', () => {
    const remove: LicenseCommand = { type: 'RemoveSeat', ownerUserId: 'owner', email: 'a@example.com', at: AT };
    spec
      .given([])
      .when(grant, add('a@example.com'), remove, remove)
      .then((events) => {
        expect(types(events)).toEqual(['LicenseGranted', 'SeatAssigned', 'SeatRemoved']);
        expect(events[2]!.data).toMatchObject({ seatKeyHash: 'h-a@example.com' });
      });
  });

  it("treats someone else's license as no license at all", () => {
    spec
      .givenCommands(grant)
      .when(add('a@example.com', 'intruder'))
      .thenThrows(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('is revoked once; a revoked license gives no seats and its term no longer changes', () => {
    const revoke: LicenseCommand = { type: 'RevokeLicense', reason: 'refund', at: AT };
    const history = [grant, revoke, revoke, { type: 'ChangeLicenseTerm', status: 'active', validUntil: AT, at: AT } as const];
    spec
      .given([])
      .when(...history)
      .then((events) => expect(types(events)).toEqual(['LicenseGranted', 'LicenseRevoked']));
    spec
      .givenCommands(...history)
      .when(add('a@example.com'))
      .thenThrows(/no longer active/);
  });

  it('records a term change only when status or date moves', () => {
    const term: LicenseCommand = { type: 'ChangeLicenseTerm', status: 'past_due', validUntil: AT, at: AT };
    spec
      .given([])
      .when(grant, term, term)
      .then((events) => expect(types(events)).toEqual(['LicenseGranted', 'LicenseTermChanged']));
  });

  describe('following its subscription to another plan', () => {
    const pro = { resourceId: 'pro-monthly', plan: 'pro', seats: 1, devicesPerSeat: 5, includedCreditsPerMonth: 400_000 };
    const changePlan = (terms = pro): LicenseCommand => ({ type: 'ChangeLicensePlan', terms, at: AT });

    it("takes the new plan's seats, devices and credits once; the key stays", () => {
      spec
        .given([])
        .when(grant, changePlan(), changePlan())
        .then((events, state) => {
          expect(types(events)).toEqual(['LicenseGranted', 'LicensePlanChanged']);
          expect(events[1]!.data).toMatchObject(pro);
          expect(held(state).keyHash).toBe(held(fold(decider, [events[0]!])).keyHash);
        });
    });

    it('changes nothing on a license that was revoked', () => {
      spec
        .given([])
        .when(grant, { type: 'RevokeLicense', reason: 'refund', at: AT }, changePlan())
        .then((events) => expect(types(events)).toEqual(['LicenseGranted', 'LicenseRevoked']));
    });
  });
});

/** The state of a license that was granted (each test here grants one first). */
function held(state: LicenseState) {
  if (state.status === 'none') throw new Error('no license was granted');
  return state;
}
