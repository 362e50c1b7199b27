import { deciderSpec } from '../../../../../test/support/decider-spec';
import { StripeCustomerLinked } from './customer.events';
import { stripeCustomerDecider } from './stripe-customer.decider';

const spec = deciderSpec(stripeCustomerDecider);
const at = '2026-11-25T09:00:00.000Z';
const linked = StripeCustomerLinked({ userId: 'u1', customerId: 'cus_1', at });

describe('a user without a Stripe customer', () => {
  it('is linked to the one Stripe made', () => {
    spec.given([]).when({ type: 'LinkStripeCustomer', userId: 'u1', customerId: 'cus_1', at }).then([linked]);
  });
});

describe('a user with a Stripe customer', () => {
  it('keeps it: a second link records nothing', () => {
    spec
      .given([linked])
      .when({ type: 'LinkStripeCustomer', userId: 'u1', customerId: 'cus_2', at })
      .then((events, state) => {
        expect(events).toEqual([]);
        expect(state.customerId).toBe('cus_1');
      });
  });
});
