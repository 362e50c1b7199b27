import type { z } from 'zod';
import type { Decider } from '../../events/decider';
import { hostScheduleSchema } from '../../../../contracts/availability/availability.contract';
import { HostAvailabilityChanged, type AvailabilityEvent } from './availability.events';

export type HostSchedule = z.output<typeof hostScheduleSchema>;

export type AvailabilityCommand =
  | { type: 'SaveHostAvailability'; hostUserId: string; hostName: string; schedule: HostSchedule; at: string }
  | { type: 'OpenHostAvailability'; hostUserId: string; hostName: string; schedule: HostSchedule; at: string };

export interface AvailabilityState {
  saves: number;
}

/**
 * A host's hours: every save records the whole schedule as written, the last one wins. A save
 * equal to the current one is still recorded, as before: it is the host's "updated at". Opening
 * a host's hours records a first schedule only: once they have any, it changes nothing.
 */
export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityEvent, AvailabilityState> = {
  events: [HostAvailabilityChanged],
  initialState: () => ({ saves: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'HostAvailabilityChanged':
        return { saves: state.saves + 1 };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SaveHostAvailability':
        return [HostAvailabilityChanged({ hostUserId: command.hostUserId, hostName: command.hostName, schedule: command.schedule, at: command.at })];
      case 'OpenHostAvailability':
        if (state.saves > 0) return [];
        return [HostAvailabilityChanged({ hostUserId: command.hostUserId, hostName: command.hostName, schedule: command.schedule, at: command.at })];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
