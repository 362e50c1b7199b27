import { decideEntitlement, type EntitlementFacts } from './entitlement';

const paid = { accessType: 'other' as const };
const included = { accessType: 'subscription' as const };
const free = { accessType: 'free' as const };
const none: EntitlementFacts = { grants: [], plans: [], seats: [] };

describe('decideEntitlement', () => {
  describe('a bought resource', () => {
    it('opens for its buyer', () => {
      expect(decideEntitlement(paid, { ...none, grants: [{ source: 'purchase', revoked: false }] })).toEqual({ entitled: true, source: 'purchase' });
    });

    it('closes once the purchase is refunded, and says so', () => {
      expect(decideEntitlement(paid, { ...none, grants: [{ source: 'purchase', revoked: true }] })).toEqual({ entitled: false, reason: 'refunded' });
    });

    it('stays open when one of two purchases is refunded', () => {
      expect(
        decideEntitlement(paid, {
          ...none,
          grants: [
            { source: 'purchase', revoked: true },
            { source: 'purchase', revoked: false },
          ],
        }),
      ).toEqual({ entitled: true, source: 'purchase' });
    });

    it('is not opened by a plan: only subscription resources come with one', () => {
      expect(decideEntitlement(paid, { ...none, plans: [{ status: 'active' }] })).toEqual({ entitled: false, reason: 'not_owned' });
    });
  });

  describe('a free resource', () => {
    it('opens once it was added to the account', () => {
      expect(decideEntitlement(free, { ...none, grants: [{ source: 'free', revoked: false }] })).toEqual({ entitled: true, source: 'free' });
    });

    it('stays closed until it is added', () => {
      expect(decideEntitlement(free, none)).toEqual({ entitled: false, reason: 'not_owned' });
    });
  });

  describe('a resource included with a subscription', () => {
    it('opens while the account holds an active plan (a subscription or a lifetime license)', () => {
      expect(decideEntitlement(included, { ...none, plans: [{ status: 'active' }] })).toEqual({ entitled: true, source: 'subscription' });
    });

    it('stays open while a renewal is past due', () => {
      expect(decideEntitlement(included, { ...none, plans: [{ status: 'past_due' }] })).toEqual({ entitled: true, source: 'subscription' });
    });

    it('closes when the plan ended or was revoked', () => {
      expect(decideEntitlement(included, { ...none, plans: [{ status: 'ended' }, { status: 'revoked' }] })).toEqual({ entitled: false, reason: 'plan_ended' });
    });

    it("opens for a seat holder on someone else's active plan", () => {
      expect(decideEntitlement(included, { ...none, seats: [{ status: 'active' }] })).toEqual({ entitled: true, source: 'seat' });
    });

    it("closes for a seat holder whose owner's plan ended", () => {
      expect(decideEntitlement(included, { ...none, seats: [{ status: 'ended' }] })).toEqual({ entitled: false, reason: 'plan_ended' });
    });

    it("names the account's own plan before a seat, and a purchase before both", () => {
      expect(decideEntitlement(included, { ...none, plans: [{ status: 'active' }], seats: [{ status: 'active' }] })).toEqual({
        entitled: true,
        source: 'subscription',
      });
      expect(decideEntitlement(included, { grants: [{ source: 'purchase', revoked: false }], plans: [{ status: 'active' }], seats: [] })).toEqual({
        entitled: true,
        source: 'purchase',
      });
    });

    it('stays closed for an account with no plan', () => {
      expect(decideEntitlement(included, none)).toEqual({ entitled: false, reason: 'not_owned' });
    });
  });
});
