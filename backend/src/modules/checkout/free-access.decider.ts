import type { Decider } from '../../events/decider';
import { ResourceAccessGranted, ResourceAccessRevoked } from './checkout.events';

export const freeAccessStreamId = (userId: string, resourceId: string) => `freeaccess-${userId}-${resourceId}`;

export type FreeAccessCommand =
  { type: 'GrantFreeAccess'; userId: string; resourceId: string; at: string } | { type: 'RevokeFreeAccess'; userId: string; resourceId: string; at: string };
export type FreeAccessEvent = ReturnType<typeof ResourceAccessGranted> | ReturnType<typeof ResourceAccessRevoked>;

export interface FreeAccessState {
  granted: boolean;
}

/**
 * A free resource on a user's account (a stream per user and resource), or one support granted:
 * granted once, however often they ask; withdrawn by an admin (then grantable again).
 */
export const freeAccessDecider: Decider<FreeAccessCommand, FreeAccessEvent, FreeAccessState> = {
  events: [ResourceAccessGranted, ResourceAccessRevoked],
  initialState: () => ({ granted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'ResourceAccessGranted':
        return { granted: true };
      case 'ResourceAccessRevoked':
        return { granted: false };
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
      case 'RevokeFreeAccess':
        if (!state.granted) return [];
        return [
          ResourceAccessRevoked({
            userId: command.userId,
            resourceId: command.resourceId,
            sourceRef: freeAccessStreamId(command.userId, command.resourceId),
            reason: 'admin',
            at: command.at,
          }),
        ];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
