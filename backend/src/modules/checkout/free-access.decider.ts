import type { Decider } from '../../events/decider';
import { ResourceAccessGranted } from './checkout.events';

export const freeAccessStreamId = (userId: string, resourceId: string) => `freeaccess-${userId}-${resourceId}`;

export type FreeAccessCommand = { type: 'GrantFreeAccess'; userId: string; resourceId: string; at: string };
export type FreeAccessEvent = ReturnType<typeof ResourceAccessGranted>;

export interface FreeAccessState {
  granted: boolean;
}

/** A free resource on a user's account (a stream per user and resource): granted once, however often they ask. */
export const freeAccessDecider: Decider<FreeAccessCommand, FreeAccessEvent, FreeAccessState> = {
  initialState: () => ({ granted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'ResourceAccessGranted':
        return { granted: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'GrantFreeAccess':
        if (state.granted) return [];
        return [
          ResourceAccessGranted({
            userId: command.userId,
            resourceId: command.resourceId,
            source: 'free',
            sourceRef: freeAccessStreamId(command.userId, command.resourceId),
            at: command.at,
          }),
        ];
      default: {
        const unreachable: never = command.type;
        return unreachable;
      }
    }
  },
};
