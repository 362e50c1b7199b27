import { currentPlan, planChange, type HeldPlan, type WantedPlan } from './plan-change';

const starter: HeldPlan = {
  licenseId: 'lic_s',
  resourceId: 'starter-monthly',
  title: 'Starter',
  plan: 'starter',
  kind: 'subscription',
  quantity: 1,
  subscriptionId: 'sub_1',
  paidUp: true,
  cancelAt: null,
  currentPeriodEnd: '2026-12-24T12:00:00.000Z',
};
const lifetime: HeldPlan = {
  licenseId: 'lic_l',
  resourceId: 'lifetime-license',
  title: 'Lifetime license',
  plan: 'lifetime',
  kind: 'lifetime',
  quantity: 1,
  subscriptionId: null,
  paidUp: true,
  cancelAt: null,
  currentPeriodEnd: null,
};
const want = (resourceId: string, plan: string, kind: WantedPlan['kind'] = 'subscription', quantity = 1): WantedPlan => ({
  resourceId,
  title: plan,
  plan,
  kind,
  quantity,
});

describe('buying a plan', () => {
  describe('given no plan', () => {
    it('is a new plan', () => expect(planChange([], want('pro-monthly', 'pro')).kind).toBe('new'));
  });

  describe('given a monthly Starter plan', () => {
    it('Starter again, same seats, is refused as the same plan', () =>
      expect(planChange([starter], want('starter-monthly', 'starter'))).toEqual({ kind: 'same', held: starter }));
    it('Starter with more seats is a seat change of the same subscription', () =>
      expect(planChange([starter], want('starter-monthly', 'starter', 'subscription', 3))).toMatchObject({ kind: 'switch', direction: 'seats' }));
    it('Pro is an upgrade of the same subscription', () =>
      expect(planChange([starter], want('pro-monthly', 'pro'))).toMatchObject({ kind: 'switch', direction: 'upgrade', held: starter }));
    it('Lifetime is a new purchase that ends the subscription at its period end', () =>
      expect(planChange([starter], want('lifetime-license', 'lifetime', 'lifetime'))).toEqual({ kind: 'to-lifetime', held: starter }));
    it('while its renewal is overdue, a switch waits for that payment', () =>
      expect(planChange([{ ...starter, paidUp: false }], want('pro-monthly', 'pro')).kind).toBe('overdue'));
    it('set to end, it still counts until it ends: Pro is a switch of it, Starter the same plan', () => {
      const ending = { ...starter, cancelAt: '2026-12-24T12:00:00.000Z' };
      expect(planChange([ending], want('pro-monthly', 'pro'))).toMatchObject({ kind: 'switch', direction: 'upgrade', held: ending });
      expect(planChange([ending], want('starter-monthly', 'starter')).kind).toBe('same');
    });
  });

  describe('annual plans', () => {
    const annual = (resourceId: string, plan: string, quantity = 1): WantedPlan => ({ ...want(resourceId, plan, 'subscription', quantity), yearly: true });
    it('the same plan billed yearly is an upgrade of the same subscription', () =>
      expect(planChange([starter], annual('starter-annual', 'starter'))).toMatchObject({ kind: 'switch', direction: 'upgrade', held: starter }));
    it('Pro annual from monthly Starter is an upgrade too', () =>
      expect(planChange([starter], annual('pro-annual', 'pro'))).toMatchObject({ kind: 'switch', direction: 'upgrade' }));
    it('back to monthly from annual is a downgrade; the annual plan again is the same plan', () => {
      const held = { ...starter, resourceId: 'pro-annual', plan: 'pro', yearly: true };
      expect(planChange([held], want('pro-monthly', 'pro'))).toMatchObject({ kind: 'switch', direction: 'downgrade' });
      expect(planChange([held], annual('pro-annual', 'pro')).kind).toBe('same');
    });
    it('Lifetime holders are refused an annual plan as any other', () =>
      expect(planChange([lifetime], annual('pro-annual', 'pro'))).toEqual({ kind: 'lifetime-held', held: lifetime }));
  });

  describe('given a monthly Pro plan', () => {
    it('Starter is a downgrade of the same subscription', () =>
      expect(planChange([{ ...starter, resourceId: 'pro-monthly', plan: 'pro' }], want('starter-monthly', 'starter'))).toMatchObject({
        kind: 'switch',
        direction: 'downgrade',
      }));
  });

  describe('given a Lifetime license', () => {
    it('Lifetime again is refused as the same plan', () =>
      expect(planChange([lifetime], want('lifetime-license', 'lifetime', 'lifetime'))).toEqual({ kind: 'same', held: lifetime }));
    it('any monthly plan is refused: Lifetime already includes it', () =>
      expect(planChange([lifetime, starter], want('pro-monthly', 'pro'))).toEqual({ kind: 'lifetime-held', held: lifetime }));
  });
});

describe('the plan an account holds (the plans page\'s "Your plan")', () => {
  it('is none without a plan', () => expect(currentPlan([])).toBeNull());
  it('is a Lifetime license over a subscription still running beside it', () => expect(currentPlan([starter, lifetime])).toBe(lifetime));
  it('is the running subscription over one set to end', () => {
    const ending = { ...starter, licenseId: 'lic_e', cancelAt: '2026-12-24T12:00:00.000Z' };
    expect(currentPlan([ending, starter])).toBe(starter);
    expect(currentPlan([ending])).toBe(ending);
  });
});
