import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import { diffMoments } from './account-diff';

describe('what changed between then and now', () => {
  it('is nothing for the same account', () => {
    expect(diffMoments(account(), account())).toEqual([]);
  });

  it('names a license that appeared, and the plan it brought', () => {
    expect(diffMoments(empty(), account())).toEqual(
      expect.arrayContaining([
        { section: 'plan', subject: 'Plan', change: 'changed', fields: [{ field: 'plan', then: 'none', now: 'team' }] },
        { section: 'licenses', subject: 'team license ····AB12', change: 'added', fields: [] },
        { section: 'seats', subject: 'Seat for bo@example.com on the team license', change: 'added', fields: [] },
        { section: 'devices', subject: 'Device Laptop (seat owner) on the team license', change: 'added', fields: [] },
      ]),
    );
  });

  it('names what was taken away since', () => {
    const now = account();
    now.licenses[0]!.seatHolders = [];
    now.resources = [];
    expect(diffMoments(account(), now)).toEqual([
      { section: 'seats', subject: 'Seat for bo@example.com on the team license', change: 'removed', fields: [] },
      { section: 'resources', subject: 'Access to course-a', change: 'removed', fields: [] },
    ]);
  });

  it('gives each changed field with its value then and now, money in its currency', () => {
    const now = account();
    now.purchases[0] = { ...now.purchases[0]!, status: 'partially_refunded', refundedCents: 1_000 };
    now.licenses[0] = { ...now.licenses[0]!, status: 'revoked' };
    now.credits = { included: 0, packs: 4_800, balance: 4_800 };
    expect(diffMoments(account(), now)).toEqual(
      expect.arrayContaining([
        { section: 'licenses', subject: 'team license ····AB12', change: 'changed', fields: [{ field: 'status', then: 'active', now: 'revoked' }] },
        {
          section: 'purchases',
          subject: 'Team, $49.00',
          change: 'changed',
          fields: [
            { field: 'status', then: 'paid', now: 'partially refunded' },
            { field: 'refunded', then: '$0.00', now: '$10.00' },
          ],
        },
        {
          section: 'credits',
          subject: 'Credits',
          change: 'changed',
          fields: [
            { field: 'included', then: '1000', now: '0' },
            { field: 'packs', then: '5000', now: '4800' },
            { field: 'balance', then: '6000', now: '4800' },
          ],
        },
      ]),
    );
  });
});

function empty(): AccountMoment {
  return { plan: null, licenses: [], credits: { included: 0, packs: 0, balance: 0 }, resources: [], purchases: [], bookings: [], pendingPayments: [] };
}

function account(): AccountMoment {
  return {
    plan: 'team',
    licenses: [
      {
        licenseId: 'lic_1',
        plan: 'team',
        kind: 'lifetime',
        status: 'active',
        keyHint: 'AB12',
        seats: 3,
        devicesPerSeat: 2,
        validUntil: null,
        subscriptionId: null,
        grantedAt: '2026-11-01T09:00:00.000Z',
        seatHolders: [{ email: 'bo@example.com', addedAt: '2026-11-01T09:05:00.000Z' }],
        devices: [{ seat: 'owner', name: 'Laptop', pluginVersion: '4.1.0', activatedAt: '2026-11-01T09:10:00.000Z', releasedAt: null }],
      },
    ],
    credits: { included: 1_000, packs: 5_000, balance: 6_000 },
    resources: [{ resourceId: 'course-a', source: 'purchase', grantedAt: '2026-11-01T09:00:00.000Z' }],
    purchases: [
      { checkoutRef: 'ref_1', title: 'Team', amountCents: 4_900, currency: 'usd', status: 'paid', refundedCents: 0, completedAt: '2026-11-01T09:00:00.000Z' },
    ],
    bookings: [],
    pendingPayments: [],
  };
}
