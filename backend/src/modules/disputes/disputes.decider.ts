import type { Decider } from '../../events/decider';
import type { EventData } from '../../events/event-registry';
import type { DisputeEvidence, EvidenceFacts } from './dispute-evidence';
import { DisputeAlreadySubmittedError, DisputeNotFoundError } from './disputes.errors';
import { DisputeEvidenceAssembled, DisputeEvidenceSubmitted, type DisputeEvent, DisputeOpened } from './disputes.events';

export type DisputeCommand =
  | {
      type: 'OpenDispute';
      dispute: Omit<EventData<typeof DisputeOpened>, 'at'>;
      stripeEventId: string;
      facts: EvidenceFacts;
      evidence: DisputeEvidence;
      at: string;
    }
  | { type: 'SubmitDisputeEvidence'; evidence: DisputeEvidence; stripeStatus: string; at: string };

export type DisputeState = { status: 'none' } | { status: 'open'; disputeId: string } | { status: 'submitted'; disputeId: string; evidence: DisputeEvidence };

/**
 * One Stripe dispute: opened with its evidence assembled from the log, then the evidence an admin
 * reviewed sent to Stripe once. Every delivery of the dispute's webhook after the first records nothing.
 */
export const disputeDecider: Decider<DisputeCommand, DisputeEvent, DisputeState> = {
  events: [DisputeOpened, DisputeEvidenceAssembled, DisputeEvidenceSubmitted],
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'DisputeOpened':
        return { status: 'open', disputeId: event.data.disputeId };
      case 'DisputeEvidenceAssembled':
        return state;
      case 'DisputeEvidenceSubmitted':
        return { status: 'submitted', disputeId: event.data.disputeId, evidence: event.data.evidence };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'OpenDispute': {
        if (state.status !== 'none') return [];
        const { disputeId } = command.dispute;
        return [
          DisputeOpened({ ...command.dispute, at: command.at }),
          DisputeEvidenceAssembled({ disputeId, stripeEventId: command.stripeEventId, facts: command.facts, evidence: command.evidence, at: command.at }),
        ];
      }
      case 'SubmitDisputeEvidence': {
        if (state.status === 'none') throw new DisputeNotFoundError();
        if (state.status === 'submitted') {
          if (sameEvidence(state.evidence, command.evidence)) return [];
          throw new DisputeAlreadySubmittedError(state.disputeId);
        }
        return [DisputeEvidenceSubmitted({ disputeId: state.disputeId, evidence: command.evidence, stripeStatus: command.stripeStatus, at: command.at })];
      }
      default: {
        const unhandled: never = command;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

function sameEvidence(a: DisputeEvidence, b: DisputeEvidence): boolean {
  return (Object.keys(a) as (keyof DisputeEvidence)[]).every((field) => a[field] === b[field]);
}
