import { accountHistory, type RunCommand } from '../../../../test/support/account-history';
import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import { checkoutDecider, freeAccessDecider } from '../checkout';
import { subscriptionDecider } from '../subscriptions';
import { accountView, foldAccount, type AccountEvent } from './account-moment.fold';

const START = new Date('2026-11-02T09:00:00.000Z');
const USER = 'user_moment';

/** The scripted history run through the deciders, and the account page after each step, as the fold has it. */
async function historyViews(): Promise<Map<string, AccountMoment>> {
  const events: AccountEvent[] = [];
  const states = new Map<string, unknown>();
  const run: RunCommand = async (streamId, decider, command) => {
    // The script runs each stream by one decider only, so what is kept for it is that decider's state.
    const known = states.has(streamId) ? (states.get(streamId) as ReturnType<typeof decider.initialState>) : decider.initialState();
    let state = known;
    for (const event of decider.decide(command, state)) {
      state = decider.evolve(state, event);
      events.push({ ...event, streamId });
    }
    states.set(streamId, state);
  };
  const views = new Map<string, AccountMoment>();
  for (const [n, step] of accountHistory({ userId: USER, unique: 'spec' }, START).entries()) {
    await step.run(run);
    views.set(step.label, accountView(foldAccount(events), new Date(START.getTime() + n * 60_000)));
  }
  return views;
}

let views: Map<string, AccountMoment>;
beforeAll(async () => {
  views = await historyViews();
});
const after = (label: string) => views.get(label)!;

describe('the account at a moment, folded by each module’s decider', () => {
  describe('a checkout', () => {
    it('opened and not paid is a pending payment, not a purchase', () => {
      expect(after('a checkout opened')).toMatchObject({
        purchases: [],
        resources: [],
        pendingPayments: [{ id: 'pp-moment-spec', status: 'open', resourceId: 'course-moment', kind: 'checkout', amountCents: 4_900, currency: 'usd' }],
      });
    });

    it('paid is a purchase that opened its resource, and no longer pending', () => {
      const moment = after('the purchase paid');
      expect(moment.pendingPayments).toEqual([]);
      expect(moment.purchases).toEqual([
        {
          checkoutRef: 'moment-spec',
          title: 'Moment course',
          amountCents: 4_900,
          currency: 'usd',
          status: 'paid',
          refundedCents: 0,
          completedAt: '2026-11-02T09:01:00.000Z',
        },
      ]);
      expect(moment.resources).toEqual([{ resourceId: 'course-moment', source: 'purchase', grantedAt: '2026-11-02T09:01:00.000Z' }]);
    });

    it('refunded in part keeps its resource; refunded in full takes it back', () => {
      expect(after('part of the purchase refunded').purchases[0]).toMatchObject({ status: 'partially_refunded', refundedCents: 1_000 });
      expect(after('part of the purchase refunded').resources).toHaveLength(1);
      expect(after('the rest refunded').purchases[0]).toMatchObject({ status: 'refunded', refundedCents: 4_900 });
      expect(after('the rest refunded').resources).toEqual([]);
    });
  });

  describe('a license', () => {
    it('granted gives the plan, with its terms and key hint', () => {
      expect(after('a team license granted')).toMatchObject({
        plan: 'team',
        licenses: [
          { licenseId: 'lic-moment-spec', plan: 'team', kind: 'lifetime', status: 'active', keyHint: 'AB12', seats: 3, devicesPerSeat: 2, validUntil: null },
        ],
      });
    });

    it('lists its seat holders while they hold a seat', () => {
      expect(after('a seat given').licenses[0]!.seatHolders).toEqual([{ email: 'seat-spec@example.com', addedAt: '2026-11-02T09:03:00.000Z' }]);
      expect(after('the seat taken back').licenses[0]!.seatHolders).toEqual([]);
    });

    it('lists its devices newest first, a released one with when', () => {
      expect(after('another device added').licenses[0]!.devices.map((d) => [d.name, d.releasedAt])).toEqual([
        ['Desktop', null],
        ['Laptop', null],
      ]);
      expect(after('a device released').licenses[0]!.devices.map((d) => [d.name, d.releasedAt])).toEqual([
        ['Desktop', null],
        ['Laptop', '2026-11-02T09:12:00.000Z'],
      ]);
    });

    it('revoked leaves the account without a plan', () => {
      expect(after('the license revoked')).toMatchObject({ plan: null, licenses: [{ status: 'revoked' }] });
    });
  });

  describe('credits', () => {
    it('count a bought pack, then what is left of the cycle’s included credits and the pack', () => {
      expect(after('a credit pack bought').credits).toEqual({ included: 0, packs: 5_000, balance: 5_000 });
      expect(after('credits used').credits).toEqual({ included: 0, packs: 4_800, balance: 4_800 });
    });

    it('count a cycle’s included credits only while it runs', () => {
      const events = creditsCycle(1_000, 300);
      expect(accountView(foldAccount(events), new Date('2026-11-15T00:00:00.000Z')).credits).toEqual({ included: 700, packs: 0, balance: 700 });
      expect(accountView(foldAccount(events), new Date('2026-12-15T00:00:00.000Z')).credits).toEqual({ included: 0, packs: 0, balance: 0 });
    });
  });

  describe('a booking', () => {
    it('goes from held to booked, moves, and is cancelled', () => {
      expect(after('a session held').bookings).toEqual([
        { bookingId: 'booking-moment-spec', title: 'Intro call', hostName: 'Demo Host', startAt: '2026-11-05T09:00:00.000Z', status: 'held' },
      ]);
      expect(after('the session booked').bookings[0]).toMatchObject({ status: 'confirmed' });
      expect(after('the session moved').bookings[0]).toMatchObject({ status: 'confirmed', startAt: '2026-11-06T09:00:00.000Z' });
      expect(after('the session cancelled').bookings[0]).toMatchObject({ status: 'cancelled', startAt: '2026-11-06T09:00:00.000Z' });
    });
  });

  describe('other sources', () => {
    it('shows a failed renewal as pending on the subscription’s stream until it is paid', () => {
      const opened = checkoutDecider
        .decide(
          {
            type: 'OpenCheckout',
            pending: {
              pendingPaymentId: 'pp-in_1',
              userId: USER,
              resourceId: 'pro',
              quantity: 1,
              kind: 'renewal',
              amountCents: 900,
              currency: 'usd',
              payUrl: null,
              checkoutSessionId: null,
              expiresAt: null,
              openedAt: '2026-11-02T09:00:00.000Z',
              discount: null,
            },
          },
          checkoutDecider.initialState(),
        )
        .map((event) => ({ ...event, streamId: 'subscription-sub_1' }));
      expect(accountView(foldAccount(opened), START).pendingPayments).toMatchObject([{ id: 'pp-in_1', kind: 'renewal', status: 'open' }]);
    });

    it('shows a failed renewal recorded as the subscription’s own event as pending until that invoice is paid', () => {
      const snapshot = {
        subscriptionId: 'sub_2',
        userId: USER,
        email: null,
        resourceId: 'pro',
        plan: 'pro',
        title: 'Pro',
        customerId: 'cus_1',
        quantity: 1,
        licenseId: 'lic_2',
        status: 'past_due',
        currentPeriodEnd: '2026-12-02T09:00:00.000Z',
        cancelAtPeriodEnd: false,
        cancelAt: null,
        endedAt: null,
        createdAt: '2026-11-02T09:00:00.000Z',
      };
      const invoice = {
        invoiceId: 'in_2',
        billingReason: 'subscription_cycle',
        amountCents: 900,
        currency: 'usd',
        payUrl: null,
        nextAttemptAt: null,
        periodStart: null,
        periodEnd: null,
        invoiceNumber: null,
        tax: null,
        discount: null,
      };
      const at = '2026-11-02T09:00:00.000Z';
      const failed = subscriptionDecider.decide({ type: 'RecordFailedInvoice', snapshot, invoice, at }, subscriptionDecider.initialState());
      const stream = (events: typeof failed) => events.map((event) => ({ ...event, streamId: 'subscription-sub_2' }));
      const state = failed.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
      const paid = subscriptionDecider.decide({ type: 'RecordPaidInvoice', snapshot: { ...snapshot, status: 'active' }, invoice, at }, state);
      expect(accountView(foldAccount(stream(failed)), START).pendingPayments).toMatchObject([
        { id: 'pp-in_2', kind: 'renewal', status: 'open', amountCents: 900 },
      ]);
      expect(accountView(foldAccount(stream([...failed, ...paid])), START).pendingPayments).toEqual([]);
    });

    it('lists a free resource once, however often it was asked for', () => {
      const grant = freeAccessDecider
        .decide({ type: 'GrantFreeAccess', userId: USER, resourceId: 'starter', at: '2026-11-02T09:00:00.000Z' }, freeAccessDecider.initialState())
        .map((event) => ({ ...event, streamId: `freeaccess-${USER}-starter` }));
      expect(accountView(foldAccount([...grant, ...grant]), START).resources).toEqual([
        { resourceId: 'starter', source: 'free', grantedAt: '2026-11-02T09:00:00.000Z' },
      ]);
    });

    it('leaves out events of types it does not fold', () => {
      expect(accountView(foldAccount([{ type: 'CustomerProfileUpdated', streamId: `customer-${USER}`, data: {} }]), START)).toEqual(
        accountView(foldAccount([]), START),
      );
    });
  });
});

function creditsCycle(allowance: number, used: number): AccountEvent[] {
  const cycle = { licenseId: 'lic_1', cycleStart: '2026-11-01T00:00:00.000Z', cycleEnd: '2026-12-01T00:00:00.000Z', allowance };
  const base = { userId: USER, licenseId: 'lic_1', cycleStart: cycle.cycleStart, at: '2026-11-10T00:00:00.000Z' };
  return [
    { type: 'IncludedCreditsCycleStarted', streamId: `credits-${USER}`, data: { ...base, cycleEnd: cycle.cycleEnd, allowance } },
    {
      type: 'CreditsDebited',
      streamId: `credits-${USER}`,
      data: {
        ...base,
        entryId: 'e1',
        requestId: 'r1',
        endpoint: '/chat',
        usageKind: 'agent_turn',
        credits: used,
        fromIncluded: used,
        fromPacks: [],
        includedBefore: allowance,
        addOnBefore: 0,
        measures: null,
      },
    },
  ];
}
