import type { Decider } from '../../../events/decider';
import { StripeCustomerLinked, type StripeCustomerEvent } from './customer.events';

export type StripeCustomerCommand = { type: 'LinkStripeCustomer'; userId: string; customerId: string; at: string };

export interface StripeCustomerState {
  customerId: string | null;
}

/** A user's one Stripe customer: the first link stands; a later one (a race's loser) records nothing. */
export const stripeCustomerDecider: Decider<StripeCustomerCommand, StripeCustomerEvent, StripeCustomerState> = {
  events: [StripeCustomerLinked],
  initialState: () => ({ customerId: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'StripeCustomerLinked':
        return state.customerId ? state : { customerId: event.data.customerId };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'LinkStripeCustomer':
        return state.customerId ? [] : [StripeCustomerLinked({ userId: command.userId, customerId: command.customerId, at: command.at })];
      default: {
        const unreachable: never = command.type;
        return unreachable;
      }
    }
  },
};
