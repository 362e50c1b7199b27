import type { Decider } from '../../events/decider';
import { DailyGrantLimitError } from './support-actions.errors';
import { SUPPORT_DAILY_CREDIT_LIMIT, SupportCreditGrantRecorded, type SupportCreditGrantEvent, utcDay } from './support-credit-grants.events';

/** What one support admin has granted on one UTC day, and by which actions. */
export interface SupportCreditGrantsState {
  granted: number;
  actionIds: readonly string[];
}

export type SupportCreditGrantsCommand = { type: 'RecordSupportCreditGrant'; actorId: string; actionId: string; credits: number; now: Date };

/**
 * A support admin's credit grants on one UTC day (a stream per admin and day): each counted once
 * by its action id, however often its form is sent, and refused when it would take the day past
 * SUPPORT_DAILY_CREDIT_LIMIT. Owners are not counted: their grants never come here.
 */
export const supportCreditGrantsDecider: Decider<SupportCreditGrantsCommand, SupportCreditGrantEvent, SupportCreditGrantsState> = {
  events: [SupportCreditGrantRecorded],
  initialState: () => ({ granted: 0, actionIds: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'SupportCreditGrantRecorded':
        return { granted: state.granted + event.data.credits, actionIds: [...state.actionIds, event.data.actionId] };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordSupportCreditGrant': {
        if (state.actionIds.includes(command.actionId)) return [];
        const left = Math.max(0, SUPPORT_DAILY_CREDIT_LIMIT - state.granted);
        if (command.credits > left) throw new DailyGrantLimitError(SUPPORT_DAILY_CREDIT_LIMIT, left);
        const { actorId, actionId, credits, now } = command;
        return [SupportCreditGrantRecorded({ actorId, day: utcDay(now), actionId, credits, at: now.toISOString() })];
      }
      default: {
        const unreachable: never = command.type;
        return unreachable;
      }
    }
  },
};
