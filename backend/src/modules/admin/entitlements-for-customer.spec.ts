import { entitlementsForCustomer } from './entitlements-for-customer';
import { EMAIL, day, on, derive, resourceGranted, supportAction } from '../../../../test/support/access-history-events';

describe('entitlementsForCustomer', () => {
  it('says a support grant was ours and when, without the admin or the reason, and leaves the positions out', () => {
    const granted = resourceGranted('templates', 'free', 'support-grant-1', { causationId: 'event:900' });
    const [mine] = entitlementsForCustomer(derive([granted], {}, { supportActions: new Map([['event:900', supportAction()]]) }));
    expect(mine!.source).toEqual({ kind: 'support', at: day(2) });
    expect(mine).not.toHaveProperty('events');
    expect(JSON.stringify(mine)).not.toMatch(/admin_7|old site/);
  });

  it('names who gave a seat, not their account id', () => {
    const added = on({
      type: 'SeatAssigned',
      data: {
        licenseId: 'l',
        ownerUserId: 'owner_1',
        ownerName: 'Olive',
        planTitle: 'Team',
        email: EMAIL,
        seatKeySealed: 's',
        seatKeyHash: 'h',
        seatKeyHint: 'x',
        at: day(1),
      },
    });
    const [seat] = entitlementsForCustomer(derive([added]));
    expect(seat!.source).toEqual({ kind: 'seat', at: day(1), licenseId: 'l', ownerName: 'Olive', planTitle: 'Team' });
  });
});
