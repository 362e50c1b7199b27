import type { PlanStanding } from '@contracts/subscriptions/subscriptions.contract';
import { planAction } from './plan-action';

describe('what a plan card offers', () => {
  describe('to a visitor without a plan', () => {
    it('subscribes to a monthly plan and buys the lifetime one', () => {
      expect(planAction(starter, null)).toEqual({ kind: 'buy', label: 'Subscribe to Starter', href: '/checkout?resourceId=starter-monthly&quantity=1' });
      expect(planAction(lifetime, null)).toMatchObject({ kind: 'buy', label: 'Buy Lifetime license' });
    });
  });

  describe('to a Starter customer', () => {
    it('says "Your plan" on Starter, never "Subscribe to Starter"', () =>
      expect(planAction(starter, heldStarter)).toEqual({ kind: 'yours', label: 'Your plan', note: 'Active, with 1 seat.' }));
    it('offers to switch to Pro with the seats held, through the checkout that shows the proration', () =>
      expect(planAction(pro, { ...heldStarter, quantity: 3 })).toEqual({
        kind: 'switch',
        label: 'Switch to Pro',
        href: '/checkout?resourceId=pro-monthly&quantity=3',
        resourceId: 'pro-monthly',
        quantity: 3,
        interval: 'month',
      }));
    it('still offers Lifetime as a purchase of its own', () => expect(planAction(lifetime, heldStarter).kind).toBe('buy'));
    it('while a renewal is unpaid, offers no switch but the way to pay', () => {
      expect(planAction(pro, { ...heldStarter, paidUp: false }).kind).toBe('overdue');
      expect(planAction(starter, { ...heldStarter, paidUp: false })).toMatchObject({ kind: 'yours', note: 'Its last renewal is unpaid.' });
    });
  });

  describe('annual plans', () => {
    it('are subscribed to by a newcomer, and switched to by a monthly subscriber through the checkout', () => {
      expect(planAction(proAnnual, null)).toEqual({ kind: 'buy', label: 'Subscribe to Pro annual', href: '/checkout?resourceId=pro-annual&quantity=1' });
      expect(planAction(proAnnual, { ...heldStarter, resourceId: 'pro-monthly', title: 'Pro' })).toMatchObject({
        kind: 'switch',
        label: 'Switch to Pro annual',
        href: '/checkout?resourceId=pro-annual&quantity=1',
        // Its preview on the card says what it bills then: "…, then $190.00 a year."
        interval: 'year',
      });
    });
    it('are included in Lifetime', () => expect(planAction(proAnnual, heldLifetime).kind).toBe('included'));
  });

  describe('to a Lifetime owner', () => {
    it('offers neither Lifetime again nor a monthly plan', () => {
      expect(planAction(lifetime, heldLifetime)).toMatchObject({ kind: 'yours', label: 'Your plan' });
      expect(planAction(pro, heldLifetime)).toEqual({ kind: 'included', note: 'Included in your Lifetime license.' });
      expect(planAction(starter, heldLifetime).kind).toBe('included');
    });
  });
});

const monthly = { billingInterval: 'month' };
const starter = { id: 'starter-monthly', title: 'Starter', metadata: monthly };
const pro = { id: 'pro-monthly', title: 'Pro', metadata: monthly };
const proAnnual = { id: 'pro-annual', title: 'Pro annual', metadata: { billingInterval: 'year' } };
const lifetime = { id: 'lifetime-license', title: 'Lifetime license', metadata: { billingInterval: 'once' } };
const heldStarter: PlanStanding = { resourceId: 'starter-monthly', title: 'Starter', kind: 'subscription', quantity: 1, paidUp: true, cancelAt: null };
const heldLifetime: PlanStanding = { resourceId: 'lifetime-license', title: 'Lifetime license', kind: 'lifetime', quantity: 1, paidUp: true, cancelAt: null };
