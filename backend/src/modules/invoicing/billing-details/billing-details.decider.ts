import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import type { Decider } from '../../../events/decider';
import { BillingDetailsChanged, type BillingDetailsChangedData } from './billing-details.events';
import { sameParty } from './same-party';

export type BillingDetailsCommand = Omit<BillingDetailsChangedData, 'changedAt'> & { type: 'ChangeBillingDetails'; at: string };

export interface BillingDetailsState {
  buyer: BillingParty | null;
}

type BillingDetailsEvent = ReturnType<typeof BillingDetailsChanged>;

/** An account's billing details: a save that changes nothing records nothing (and reissues no invoice). */
export const billingDetailsDecider: Decider<BillingDetailsCommand, BillingDetailsEvent, BillingDetailsState> = {
  events: [BillingDetailsChanged],
  initialState: () => ({ buyer: null }),
  evolve: (_state, event) => ({ buyer: event.data.buyer }),
  decide(command, state) {
    switch (command.type) {
      case 'ChangeBillingDetails': {
        if (state.buyer && sameParty(state.buyer, command.buyer)) return [];
        const { type: _type, at, ...details } = command;
        return [BillingDetailsChanged({ ...details, changedAt: at })];
      }
      default: {
        const unhandled: never = command.type;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};
