import type { z } from 'zod';
import type { Decider } from '../../events/decider';
import { ContactMessageReceived, type ContactEvent } from './contact.events';

export type ContactCommand = { type: 'ReceiveContactMessage'; message: z.input<typeof ContactMessageReceived.schema> };

export interface ContactState {
  received: boolean;
}

/** One message sent through /contact, in a stream of its own: recorded once. */
export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  events: [ContactMessageReceived],
  initialState: () => ({ received: false }),

  evolve(_state, event) {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { received: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveContactMessage':
        return state.received ? [] : [ContactMessageReceived(command.message)];
      default: {
        const unreachable: never = command.type;
        return unreachable;
      }
    }
  },
};
