import { deciderSpec } from '../../../../test/support/decider-spec';
import { ResourceAccessGranted, ResourceAccessRevoked } from './checkout.events';
import { freeAccessDecider } from './free-access.decider';

const spec = deciderSpec(freeAccessDecider);
const at = '2026-11-25T09:00:00.000Z';
const grant = { type: 'GrantFreeAccess', userId: 'u1', resourceId: 'free-guide', at } as const;
const granted = ResourceAccessGranted({ userId: 'u1', resourceId: 'free-guide', source: 'free', sourceRef: 'freeaccess-u1-free-guide', at });

describe('a free resource not yet on the account', () => {
  it('is granted, its stream named as the source', () => {
    spec.given([]).when(grant).then([granted]);
  });
});

describe('a free resource already on the account', () => {
  it('is not granted again', () => {
    spec.given([granted]).when(grant).then([]);
  });

  it('is granted once when asked twice in a row', () => {
    spec.given([]).when(grant, grant).then([granted]);
  });
});

describe('a resource an admin withdraws', () => {
  const revoke = { type: 'RevokeFreeAccess', userId: 'u1', resourceId: 'free-guide', at } as const;
  const revoked = ResourceAccessRevoked({ userId: 'u1', resourceId: 'free-guide', sourceRef: 'freeaccess-u1-free-guide', reason: 'admin', at });

  it('is revoked once, however often asked', () => {
    spec.given([granted]).when(revoke, revoke).then([revoked]);
  });

  it('is not revoked when it was never granted', () => {
    spec.given([]).when(revoke).then([]);
  });

  it('can be granted again after it was withdrawn', () => {
    spec.given([granted, revoked]).when(grant).then([granted]);
  });
});
