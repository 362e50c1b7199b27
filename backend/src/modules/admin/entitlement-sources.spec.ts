import type { AccessFacts } from './entitlement-sources';
import {
  USER,
  EMAIL,
  day,
  on,
  ref,
  derive,
  purchase,
  licenseGranted,
  resourceGranted,
  bookingBase,
  type SubscriptionFacts,
} from '../../../../test/support/access-history-events';

describe('deriveEntitlementSources', () => {
  describe('a lifetime license bought at checkout', () => {
    const bought = [purchase('ref-1', { title: 'Lifetime license', amountCents: 19900 }), licenseGranted('lic-1', { kind: 'lifetime', checkoutRef: 'ref-1' })];

    it('comes from the purchase, with its date, amount and references, and lasts unless refunded', () => {
      const [license] = derive(bought);
      expect(license).toEqual({
        id: 'license:lic-1',
        kind: 'license',
        title: 'Lifetime license',
        detail: '1 seat, 2 devices each',
        source: {
          kind: 'purchase',
          at: day(1),
          title: 'Lifetime license',
          amountCents: 19900,
          currency: 'usd',
          refundedCents: 0,
          checkoutRef: 'ref-1',
          checkoutSessionId: 'cs_ref-1',
          paymentIntentId: 'pi_ref-1',
          subscriptionId: null,
        },
        ends: { state: 'active', at: null, by: 'none', alsoEndedBy: ['refund', 'dispute'] },
        events: [ref(bought[0]!), ref(bought[1]!)],
      });
    });

    it('ends with a full refund, the refund among its events', () => {
      const refunded = on({
        type: 'PurchaseRefunded',
        data: { checkoutRef: 'ref-1', userId: USER, chargeId: 'ch_1', amountRefundedCents: 19900, full: true, at: day(5) },
      });
      const revoked = on({ type: 'LicenseRevoked', data: { licenseId: 'lic-1', reason: 'refund', at: day(5) } });
      const [license] = derive([...bought, refunded, revoked]);
      expect(license!.ends).toEqual({ state: 'ended', at: day(5), by: 'refund', alsoEndedBy: [] });
      expect(license!.events.map((e) => e.type)).toEqual(['PurchaseCompleted', 'LicenseGranted', 'PurchaseRefunded', 'LicenseRevoked']);
    });

    it('stays after partial refunds, its source saying how much was refunded in all', () => {
      const partly = (cents: number, n: number) =>
        on({ type: 'PurchaseRefunded', data: { checkoutRef: 'ref-1', userId: USER, chargeId: 'ch_1', amountRefundedCents: cents, full: false, at: day(n) } });
      const [license] = derive([...bought, partly(500, 3), partly(1500, 4)]);
      expect(license!.source).toMatchObject({ kind: 'purchase', amountCents: 19900, refundedCents: 1500 });
      expect(license!.ends.state).toBe('active');
    });
  });

  describe('a subscription plan with included credits', () => {
    const history = () => [
      purchase('ref-sub', { title: 'Pro monthly', amountCents: 1500, mode: 'subscription', subscriptionId: 'sub_1' }),
      on({
        type: 'SubscriptionStarted',
        data: {
          subscriptionId: 'sub_1',
          userId: USER,
          email: EMAIL,
          resourceId: 'pro',
          plan: 'pro',
          title: 'Pro monthly',
          customerId: 'cus_1',
          quantity: 1,
          licenseId: 'lic-sub',
          currentPeriodEnd: day(31),
          startedAt: day(1),
        },
      }),
      licenseGranted('lic-sub', { kind: 'subscription', subscriptionId: 'sub_1', includedCreditsPerMonth: 500, validUntil: day(31) }),
      on({
        type: 'IncludedCreditsCycleStarted',
        data: { userId: USER, licenseId: 'lic-sub', cycleStart: day(1), cycleEnd: day(31), allowance: 500, at: day(2) },
      }),
    ];
    const terms = (subscription: Partial<SubscriptionFacts> = {}): Partial<AccessFacts> => ({
      subscriptions: new Map([['sub_1', { status: 'active', currentPeriodEnd: new Date(day(31)), cancelAt: null, cancelledAt: null, ...subscription }]]),
      cycles: new Map([['lic-sub', { cycleEnd: new Date(day(31)), allowance: 500, used: 120 }]]),
    });

    it('renews on the period end the subscriptions read model holds, its source the subscription checkout', () => {
      const [plan] = derive(history(), terms());
      expect(plan).toMatchObject({
        id: 'plan:lic-sub',
        kind: 'plan',
        title: 'Pro monthly',
        source: { kind: 'purchase', amountCents: 1500, checkoutRef: 'ref-sub', subscriptionId: 'sub_1' },
        ends: { state: 'active', at: day(31), by: 'renewal', alsoEndedBy: ['cancellation', 'refund', 'dispute'] },
      });
      expect(plan!.events.map((e) => e.type)).toEqual(['PurchaseCompleted', 'SubscriptionStarted', 'LicenseGranted']);
    });

    it('includes credits with the plan, fresh each cycle, with what is left of this one', () => {
      const events = history();
      const [, included] = derive(events, terms());
      expect(included).toEqual({
        id: 'included_credits:lic-sub',
        kind: 'included_credits',
        title: '500 credits a month',
        detail: '380 of 500 left this cycle',
        source: { kind: 'included', at: day(1), licenseId: 'lic-sub', plan: 'pro' },
        ends: { state: 'active', at: day(31), by: 'period_end', alsoEndedBy: ['cancellation', 'refund', 'dispute'] },
        events: [ref(events[2]!), ref(events[3]!)],
      });
    });

    it('ends on the cancellation date once a cancellation is scheduled, and has ended once cancelled', () => {
      expect(derive(history(), terms({ cancelAt: new Date(day(20)) }))[0]!.ends).toEqual({
        state: 'active',
        at: day(20),
        by: 'cancellation',
        alsoEndedBy: ['refund', 'dispute'],
      });
      const [plan, included] = derive(history(), terms({ status: 'cancelled', cancelledAt: new Date(day(21)) }));
      expect(plan!.ends).toEqual({ state: 'ended', at: day(21), by: 'cancellation', alsoEndedBy: [] });
      expect(included!.ends).toEqual(plan!.ends);
    });

    it('is named by the plan it moved to, and takes that plan’s credits', () => {
      const moved = [
        ...history(),
        on({
          type: 'SubscriptionPlanChanged',
          data: {
            subscriptionId: 'sub_1',
            userId: USER,
            fromResourceId: 'pro',
            fromQuantity: 1,
            resourceId: 'team',
            plan: 'team',
            title: 'Team monthly',
            quantity: 3,
            at: day(9),
          },
        }),
        on({
          type: 'LicensePlanChanged',
          data: { licenseId: 'lic-sub', resourceId: 'team', plan: 'team', seats: 3, devicesPerSeat: 2, includedCreditsPerMonth: 2000, at: day(9) },
        }),
      ];
      const [plan, included] = derive(moved, terms());
      expect(plan).toMatchObject({ title: 'Team monthly', detail: '3 seats, 2 devices each', source: { kind: 'purchase', title: 'Pro monthly' } });
      expect(included).toMatchObject({ title: '2,000 credits a month', source: { plan: 'team' } });
      expect(plan!.events.map((e) => e.type)).toEqual(expect.arrayContaining(['SubscriptionPlanChanged', 'LicensePlanChanged']));
    });

    it('says a payment is due while the subscription is past due', () => {
      expect(derive(history(), terms({ status: 'past_due' }))[0]!.ends).toMatchObject({ state: 'active', by: 'payment_due' });
    });
  });

  describe('a seat given by an owner', () => {
    const added = on({
      type: 'SeatAssigned',
      data: {
        licenseId: 'lic-team',
        ownerUserId: 'owner_1',
        ownerName: 'Olive Owner',
        planTitle: 'Team',
        email: 'Seat.Holder@Example.com',
        seatKeySealed: 's',
        seatKeyHash: 'h',
        seatKeyHint: 'AB12',
        at: day(3),
      },
    });
    const teamLicense: Partial<AccessFacts> = { licenses: new Map([['lic-team', { status: 'active', validUntil: new Date(day(40)) }]]) };

    it('is the seat holder’s, by address whatever its case, given by the owner, lasting as the owner’s license does', () => {
      const [seat] = derive([added], teamLicense, { email: 'seat.holder@example.com' });
      expect(seat).toEqual({
        id: 'seat:lic-team',
        kind: 'seat',
        title: 'Team',
        detail: null,
        source: { kind: 'seat', at: day(3), licenseId: 'lic-team', ownerName: 'Olive Owner', ownerUserId: 'owner_1', planTitle: 'Team' },
        ends: { state: 'active', at: day(40), by: 'period_end', alsoEndedBy: ['seat_removal'] },
        events: [ref(added)],
      });
    });

    it('ends when the owner takes the seat back', () => {
      const removed = on({
        type: 'SeatRemoved',
        data: { licenseId: 'lic-team', ownerUserId: 'owner_1', email: 'seat.holder@example.com', seatKeyHash: 'h', at: day(9) },
      });
      const [seat] = derive([added, removed], teamLicense, { email: 'seat.holder@example.com' });
      expect(seat!.ends).toEqual({ state: 'ended', at: day(9), by: 'seat_removal', alsoEndedBy: [] });
    });

    it('is nobody else’s: not another address, not the owner’s own', () => {
      expect(derive([added], teamLicense, { email: 'someone.else@example.com' })).toEqual([]);
      expect(derive([added], teamLicense, { userId: 'owner_1', email: 'seat.holder@example.com' })).toEqual([]);
    });
  });

  describe('a credit pack', () => {
    const bought = [
      purchase('ref-pack', { title: '1,000 credits', amountCents: 900 }),
      on({
        type: 'AddOnCreditsAdded',
        data: { userId: USER, packId: 'checkout:ref-pack', resourceId: 'credits-1000', title: 'Credit pack', credits: 1000, at: day(1) },
      }),
    ];
    const packs: Partial<AccessFacts> = { packs: new Map([['checkout:ref-pack', { credits: 1000, remaining: 640 }]]) };

    it('comes from its purchase, never expires, and says what is left', () => {
      const [pack] = derive(bought, packs);
      expect(pack).toMatchObject({
        kind: 'credit_pack',
        title: 'Credit pack: 1,000 credits',
        detail: '640 of 1,000 credits left',
        source: { kind: 'purchase', checkoutRef: 'ref-pack', amountCents: 900 },
        ends: { state: 'active', at: null, by: 'none', alsoEndedBy: ['refund', 'dispute'] },
      });
    });

    it('ends when refunded', () => {
      const removed = on({ type: 'AddOnCreditsRemoved', data: { userId: USER, packId: 'checkout:ref-pack', removed: 640, reason: 'refund', at: day(4) } });
      expect(derive([...bought, removed], packs)[0]!.ends).toEqual({ state: 'ended', at: day(4), by: 'refund', alsoEndedBy: [] });
    });
  });

  describe('resources', () => {
    it('tells a bought one from a free one, and ends the bought one with its refund', () => {
      const bought = [purchase('ref-r', { title: 'Prompt pack', amountCents: 1200 }), resourceGranted('prompts', 'purchase', 'ref-r')];
      const free = resourceGranted('guide', 'free', 'freeaccess-user_1-guide');
      const revoked = on({ type: 'ResourceAccessRevoked', data: { userId: USER, resourceId: 'prompts', sourceRef: 'ref-r', reason: 'refund', at: day(6) } });
      const resources = derive([...bought, free, revoked], { resourceTitles: new Map([['guide', 'The Obsidian guide']]) });
      expect(resources.find((r) => r.title === 'The Obsidian guide')).toMatchObject({
        source: { kind: 'free' },
        ends: { state: 'active', by: 'none', alsoEndedBy: [] },
      });
      expect(resources.find((r) => r.title === 'Prompt pack')).toMatchObject({
        source: { kind: 'purchase', checkoutRef: 'ref-r' },
        ends: { state: 'ended', at: day(6), by: 'refund', alsoEndedBy: [] },
      });
    });
  });

  describe('a booked session', () => {
    const confirmed = on({ type: 'BookingConfirmed', data: { ...bookingBase(), start: day(10), end: day(10, 1), paymentIntentId: 'pi_b', at: day(2) } });

    it('comes from the session’s purchase and ends on its date, or earlier if cancelled', () => {
      const [session] = derive([purchase('ref-b', { title: 'Intro call', amountCents: 5000 }), confirmed]);
      expect(session).toMatchObject({
        id: 'booked_session:bk-1',
        kind: 'booked_session',
        title: 'Intro call',
        detail: '30 minutes with Hana Host',
        source: { kind: 'purchase', checkoutRef: 'ref-b', amountCents: 5000 },
        ends: { state: 'active', at: day(10), by: 'session_date', alsoEndedBy: ['cancellation'] },
      });
    });

    it('follows a reschedule to the new date', () => {
      const moved = on({
        type: 'BookingRescheduled',
        data: { ...bookingBase(), from: { start: day(10), end: day(10, 1) }, start: day(12), end: day(12, 1), sequence: 1, at: day(3) },
      });
      expect(derive([confirmed, moved])[0]!.ends).toMatchObject({ state: 'active', at: day(12) });
    });

    it('has ended once the session is over, or once the payment was taken back', () => {
      expect(derive([confirmed], {}, { now: new Date(day(11)) })[0]!.ends).toMatchObject({ state: 'ended', by: 'session_date' });
      const reversed = on({
        type: 'BookingCancelled',
        data: {
          ...bookingBase(),
          start: day(10),
          end: day(10, 1),
          paymentIntentId: 'pi_b',
          by: 'payment_reversed',
          refund: 'none',
          refundCents: 0,
          sequence: 1,
          at: day(4),
        },
      });
      expect(derive([confirmed, reversed])[0]!.ends).toEqual({ state: 'ended', at: day(4), by: 'refund', alsoEndedBy: [] });
    });

    it('is another customer’s when booked by them on the same calendar', () => {
      const theirs = on({
        type: 'BookingConfirmed',
        data: { ...bookingBase(), customerUserId: 'user_2', start: day(10), end: day(10, 1), paymentIntentId: null, at: day(2) },
      });
      expect(derive([theirs])).toEqual([]);
    });
  });

  it('lists plans first and bookings last, newest first within a kind', () => {
    const kinds = derive([
      resourceGranted('guide', 'free', 'f-1'),
      licenseGranted('lic-a', { kind: 'lifetime', checkoutRef: null }),
      on({ type: 'AddOnCreditsAdded', data: { userId: USER, packId: 'p-1', resourceId: 'c', title: 'Pack', credits: 5, at: day(1) } }),
    ]).map((e) => e.kind);
    expect(kinds).toEqual(['license', 'credit_pack', 'resource']);
  });
});
