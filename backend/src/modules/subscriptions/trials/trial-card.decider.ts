import type { Decider } from '../../../events/decider';
import { TrialCardClaimed, trialCardEvents, type TrialCardEvent } from './trial-card.events';

export interface LinkTrialCardCommand {
  type: 'LinkTrialCard';
  fingerprint: string;
  subscriptionId: string;
  userId: string;
  at: string;
}

/** The subscription whose trial the card paid for, once one has. */
export interface TrialCardState {
  subscriptionId: string | null;
}

/** One trial per card: the first subscription to claim it keeps it; the rest are told whose it is (the state). */
export const trialCardDecider: Decider<LinkTrialCardCommand, TrialCardEvent, TrialCardState> = {
  events: trialCardEvents,
  initialState: () => ({ subscriptionId: null }),
  evolve: (state, event) => (state.subscriptionId ? state : { subscriptionId: event.data.subscriptionId }),

  decide(command, state) {
    switch (command.type) {
      case 'LinkTrialCard':
        return state.subscriptionId
          ? []
          : [TrialCardClaimed({ fingerprint: command.fingerprint, subscriptionId: command.subscriptionId, userId: command.userId, at: command.at })];
      default: {
        const unreachable: never = command.type;
        return unreachable;
      }
    }
  },
};
