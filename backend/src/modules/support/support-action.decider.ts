import type { Decider } from '../../events/decider';
import { ActionIdReusedError, ActionNotPendingError, GrantLimitError, OwnerOnlyError } from './support-actions.errors';
import {
  ASYNC_KINDS,
  OWNER_ONLY_KINDS,
  SUPPORT_CREDIT_LIMIT,
  SupportActionCompleted,
  SupportActionFailed,
  SupportActionRecorded,
  type SupportAction,
  type SupportActionEvent,
  type SupportActionRequest,
} from './support-actions.events';

export type SupportActionState =
  | { status: 'none' }
  | { status: 'recorded'; action: SupportAction }
  | { status: 'completed'; action: SupportAction; outcome: string }
  | { status: 'failed'; action: SupportAction; error: string };

export type SupportActionCommand =
  | { type: 'RecordSupportAction'; action: SupportActionRequest; now: Date }
  | { type: 'CompleteSupportAction'; actionId: string; outcome: string; now: Date }
  | { type: 'FailSupportAction'; actionId: string; error: string; now: Date };

/** Support may resend and grant (credits up to the limit); everything else is an owner's. */
export function assertPermitted(action: SupportActionRequest): void {
  if (action.actor.role === 'owner') return;
  if (OWNER_ONLY_KINDS.includes(action.kind)) throw new OwnerOnlyError();
  if (action.kind === 'grant_credits' && action.details.credits > SUPPORT_CREDIT_LIMIT) throw new GrantLimitError(SUPPORT_CREDIT_LIMIT);
}

/**
 * One support action (a stream per action id, chosen by the browser when the form opens): recorded
 * once however often the form is sent, refused to support when only an owner may take it, then
 * completed once it was done (a retry after that answers the outcome and does nothing again); a
 * refund or a subscription's cancellation, which Stripe may refuse, may instead fail once.
 */
export const supportActionDecider: Decider<SupportActionCommand, SupportActionEvent, SupportActionState> = {
  events: [SupportActionRecorded, SupportActionCompleted, SupportActionFailed],
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'SupportActionRecorded':
        return { status: 'recorded', action: event.data };
      case 'SupportActionCompleted':
        return state.status === 'none' ? state : { status: 'completed', action: state.action, outcome: event.data.outcome };
      case 'SupportActionFailed':
        return state.status === 'none' ? state : { status: 'failed', action: state.action, error: event.data.error };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordSupportAction': {
        const { action } = command;
        if (state.status !== 'none') {
          if (state.action.kind === action.kind && state.action.userId === action.userId) return [];
          throw new ActionIdReusedError(action.actionId);
        }
        assertPermitted(action);
        const recorded: SupportAction = { ...action, at: command.now.toISOString() };
        return [SupportActionRecorded(recorded)];
      }
      case 'CompleteSupportAction':
        if (state.status === 'completed') return [];
        if (state.status !== 'recorded') throw new ActionNotPendingError(command.actionId);
        return [SupportActionCompleted({ actionId: command.actionId, outcome: command.outcome, at: command.now.toISOString() })];
      case 'FailSupportAction':
        if (state.status === 'failed') return [];
        if (state.status !== 'recorded' || !ASYNC_KINDS.includes(state.action.kind)) throw new ActionNotPendingError(command.actionId);
        return [SupportActionFailed({ actionId: command.actionId, error: command.error, at: command.now.toISOString() })];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
