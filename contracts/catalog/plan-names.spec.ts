import { planName } from './plan-names';

describe('plan names', () => {
  it('names each plan as a product, never by its id', () => {
    expect(['starter', 'pro', 'lifetime'].map(planName)).toEqual(['Starter plan', 'Pro plan', 'Lifetime license']);
  });
  it('names a plan it does not know after its id, as a plan', () => expect(planName('team')).toBe('Team plan'));
});
