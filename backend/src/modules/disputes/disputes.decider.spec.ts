import { deciderSpec } from '../../../../test/support/decider-spec';
import { type DisputeEvidence, noFacts } from './dispute-evidence';
import { type DisputeCommand, disputeDecider } from './disputes.decider';
import { DisputeAlreadySubmittedError, DisputeNotFoundError } from './disputes.errors';
import { DisputeEvidenceAssembled, DisputeEvidenceSubmitted, DisputeOpened } from './disputes.events';

const spec = deciderSpec(disputeDecider);
const AT = '2026-11-25T10:00:00.000Z';

describe('a dispute Stripe has not reported', () => {
  it('is opened with its evidence assembled, both at once', () => {
    spec
      .given([])
      .when(open('evt_1'))
      .then([opened, assembled('evt_1')]);
  });

  it('takes no evidence', () => {
    spec.given([]).when(submit(evidence)).thenThrows(DisputeNotFoundError, 'disputes.not_found');
  });
});

describe('an open dispute', () => {
  it('records nothing when its webhook is delivered again, under the same or another event id', () => {
    spec
      .given([opened, assembled('evt_1')])
      .when(open('evt_1'), open('evt_2'))
      .then([]);
  });

  it('records the evidence Stripe took, once for the same evidence', () => {
    const edited = { ...evidence, uncategorized_text: 'Edited by the owner.' };
    spec
      .given([opened, assembled('evt_1')])
      .when(submit(edited), submit(edited))
      .then([DisputeEvidenceSubmitted({ disputeId: 'dp_1', evidence: edited, stripeStatus: 'under_review', at: AT })]);
  });
});

describe('a dispute whose evidence was submitted', () => {
  it('refuses different evidence', () => {
    spec
      .given([opened, assembled('evt_1'), DisputeEvidenceSubmitted({ disputeId: 'dp_1', evidence, stripeStatus: 'under_review', at: AT })])
      .when(submit({ ...evidence, customer_name: 'Someone else' }))
      .thenThrows(DisputeAlreadySubmittedError, 'disputes.already_submitted');
  });
});

const evidence: DisputeEvidence = {
  customer_email_address: 'ada@example.com',
  customer_name: '',
  product_description: 'Lifetime license',
  service_date: '2026-11-20',
  access_activity_log: 'No plugin license checks recorded.',
  refund_policy_disclosure: 'Published.',
  uncategorized_text: 'Receipt.',
};

const dispute = {
  disputeId: 'dp_1',
  chargeId: 'ch_1',
  paymentIntentId: 'pi_1',
  checkoutRef: 'ref-1',
  userId: 'user-1',
  amountCents: 4900,
  currency: 'usd',
  reason: 'fraudulent',
  dueBy: '2026-12-02T10:00:00.000Z',
};
const opened = DisputeOpened({ ...dispute, at: AT });
const assembled = (stripeEventId: string) => DisputeEvidenceAssembled({ disputeId: 'dp_1', stripeEventId, facts: noFacts(), evidence, at: AT });
const open = (stripeEventId: string): DisputeCommand => ({ type: 'OpenDispute', dispute, stripeEventId, facts: noFacts(), evidence, at: AT });
const submit = (given: DisputeEvidence): DisputeCommand => ({ type: 'SubmitDisputeEvidence', evidence: given, stripeStatus: 'under_review', at: AT });
