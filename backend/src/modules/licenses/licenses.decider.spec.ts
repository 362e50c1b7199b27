import { fold } from '../../events/decider';
import { licenseDecider as decider, SeatError, type LicenseCommand } from './licenses.decider';
import type { LicenseEvent } from './licenses.events';

const AT = '2026-11-23T12:00:00.000Z';
const grant: LicenseCommand = {
  type: 'grant',
  license: {
    licenseId: 'lic_1', userId: 'owner', email: 'owner@example.com', resourceId: 'lifetime-license', plan: 'lifetime', kind: 'lifetime', seats: 3, devicesPerSeat: 5, includedCreditsPerMonth: 150_000,
    keySealed: 'sealed', keyHash: 'hash', keyHint: 'SSAI-…-AAAAA', source: { checkoutRef: 'chk_1', subscriptionId: null }, validUntil: null, grantedAt: AT,
  },
};
const add = (email: string, ownerUserId = 'owner'): LicenseCommand => ({ type: 'add-user', ownerUserId, ownerName: 'Owner', planTitle: 'Lifetime license', email, seatKey: { sealed: `s-${email}`, hash: `h-${email}`, hint: 'h' }, at: AT });

function run(...commands: LicenseCommand[]): LicenseEvent[] {
  const events: LicenseEvent[] = [];
  for (const command of commands) events.push(...decider.decide(command, fold(decider, events)));
  return events;
}

describe('a license and its seats', () => {
  it('is granted once, whatever asks again', () => {
    expect(run(grant, grant).map((e) => e.type)).toEqual(['LicenseGranted']);
  });

  it('gives seats up to the total, counting the owner\'s, and refuses the owner\'s own address', () => {
    const events = run(grant, add('a@example.com'), add('b@example.com'));
    expect(events.map((e) => e.type)).toEqual(['LicenseGranted', 'LicensedUserAdded', 'LicensedUserAdded']);
    expect(() => decider.decide(add('c@example.com'), fold(decider, events))).toThrow(SeatError);
    expect(() => decider.decide(add('owner@example.com'), fold(decider, run(grant)))).toThrow(/your own address/);
  });

  it('refuses a second seat for someone who already has one, saying so', () => {
    expect(() => decider.decide(add('a@example.com'), fold(decider, run(grant, add('a@example.com'))))).toThrow(expect.objectContaining({ code: 'license.seat_already_given', status: 409 }));
  });

  it('frees a seat when someone is removed, and removing them again changes nothing', () => {
    const events = run(grant, add('a@example.com'), { type: 'remove-user', ownerUserId: 'owner', email: 'a@example.com', at: AT }, { type: 'remove-user', ownerUserId: 'owner', email: 'a@example.com', at: AT });
    expect(events.map((e) => e.type)).toEqual(['LicenseGranted', 'LicensedUserAdded', 'LicensedUserRemoved']);
    expect(events[2]!.data).toMatchObject({ seatKeyHash: 'h-a@example.com' });
  });

  it('treats someone else\'s license as no license at all', () => {
    expect(() => decider.decide(add('a@example.com', 'intruder'), fold(decider, run(grant)))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('is revoked once; a revoked license gives no seats and its term no longer changes', () => {
    const revoke: LicenseCommand = { type: 'revoke', reason: 'refund', at: AT };
    const events = run(grant, revoke, revoke, { type: 'change-term', status: 'active', validUntil: AT, at: AT });
    expect(events.map((e) => e.type)).toEqual(['LicenseGranted', 'LicenseRevoked']);
    expect(() => decider.decide(add('a@example.com'), fold(decider, events))).toThrow(/no longer active/);
  });

  it('records a term change only when status or date moves', () => {
    const term: LicenseCommand = { type: 'change-term', status: 'past_due', validUntil: AT, at: AT };
    expect(run(grant, term, term).map((e) => e.type)).toEqual(['LicenseGranted', 'LicenseTermChanged']);
  });

  describe('following its subscription to another plan', () => {
    const pro = { resourceId: 'pro-monthly', plan: 'pro', seats: 1, devicesPerSeat: 5, includedCreditsPerMonth: 400_000 };
    const changePlan = (terms = pro): LicenseCommand => ({ type: 'change-plan', terms, at: AT });

    it('takes the new plan\'s seats, devices and credits once; the key stays', () => {
      const events = run(grant, changePlan(), changePlan());
      expect(events.map((e) => e.type)).toEqual(['LicenseGranted', 'LicensePlanChanged']);
      expect(events[1]!.data).toMatchObject(pro);
      expect(fold(decider, events).keyHash).toBe(fold(decider, [events[0]!]).keyHash);
    });

    it('changes nothing on a license that was revoked', () => {
      expect(run(grant, { type: 'revoke', reason: 'refund', at: AT }, changePlan()).map((e) => e.type)).toEqual(['LicenseGranted', 'LicenseRevoked']);
    });
  });
});
