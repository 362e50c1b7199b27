export {
  type DisputeEvidence,
  disputeEvidenceSchema,
  EVIDENCE_FIELD_MAX,
  EVIDENCE_FIELDS,
  type EvidenceFacts,
  evidenceFactsSchema,
  type EvidenceField,
} from '../../../../contracts/disputes/disputes.contract';
import type { EvidenceFacts } from '../../../../contracts/disputes/disputes.contract';

/** A dispute on a payment that is not one of our purchases: nothing in the log to show. */
export const noFacts = (): EvidenceFacts => ({
  purchase: null,
  customer: { email: null, name: null },
  licenses: [],
  checks: { count: 0, first: null, last: null, latest: [] },
  devices: [],
  downloads: [],
  credits: { entries: 0, credits: 0, first: null, last: null },
  emails: [],
  refundPolicyAccepted: false,
});
