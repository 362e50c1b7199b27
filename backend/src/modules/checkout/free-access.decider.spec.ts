import { deciderSpec } from '../../../../test/support/decider-spec';
import { ResourceAccessGranted } from './checkout.events';
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
