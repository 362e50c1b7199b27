import { randomUUID } from 'node:crypto';
import { noFacts } from '../../../backend/src/modules/disputes/dispute-evidence';
import { DisputeEvidenceAssembled, DisputeEvidenceSubmitted, DisputeOpened } from '../../../backend/src/modules/disputes/disputes.events';
import { DisputesProjector } from '../../../backend/src/modules/disputes/projections/disputes.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new DisputesProjector(), [DisputeOpened, DisputeEvidenceAssembled, DisputeEvidenceSubmitted]);

describe('DisputesProjector', () => {
  it('lists an opened dispute with its assembled evidence, needing a response', async () => {
    const disputeId = `dp_${randomUUID().replaceAll('-', '')}`;
    await projection.given(opened(disputeId), assembled(disputeId));
    expect(await row(disputeId)).toEqual([
      {
        status: 'needs_response',
        amount_cents: 4900,
        reason: 'fraudulent',
        evidence: evidence,
        customer: { email: 'ada@example.com', name: null },
        submitted_at: null,
      },
    ]);
  });

  it('shows the evidence as submitted, and when', async () => {
    const disputeId = `dp_${randomUUID().replaceAll('-', '')}`;
    const sent = { ...evidence, uncategorized_text: 'Edited.' };
    await projection.given(
      opened(disputeId),
      assembled(disputeId),
      DisputeEvidenceSubmitted({ disputeId, evidence: sent, stripeStatus: 'under_review', at: later }),
    );
    expect(await row(disputeId)).toEqual([expect.objectContaining({ status: 'submitted', evidence: sent, submitted_at: new Date(later) })]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const disputeId = `dp_${randomUUID().replaceAll('-', '')}`;
    await projection.given(opened(disputeId), assembled(disputeId));
    const before = await row(disputeId);
    await projection.replay();
    expect(await row(disputeId)).toEqual(before);
  });
});

const at = '2026-11-25T10:00:00.000Z';
const later = '2026-11-26T09:00:00.000Z';
const evidence = {
  customer_email_address: 'ada@example.com',
  customer_name: '',
  product_description: 'Lifetime license',
  service_date: '2026-11-20',
  access_activity_log: 'No plugin license checks recorded.',
  refund_policy_disclosure: 'Published.',
  uncategorized_text: 'Receipt.',
};

const row = (disputeId: string) =>
  projection.rows("select status, amount_cents, reason, evidence, facts->'customer' as customer, submitted_at from rm_disputes where dispute_id = $1", [
    disputeId,
  ]);

const opened = (disputeId: string) =>
  DisputeOpened({
    disputeId,
    chargeId: 'ch_1',
    paymentIntentId: 'pi_1',
    checkoutRef: 'ref-1',
    userId: 'user-1',
    amountCents: 4900,
    currency: 'usd',
    reason: 'fraudulent',
    dueBy: '2026-12-02T10:00:00.000Z',
    at,
  });

const assembled = (disputeId: string) =>
  DisputeEvidenceAssembled({
    disputeId,
    stripeEventId: 'evt_1',
    facts: { ...noFacts(), customer: { email: 'ada@example.com', name: null } },
    evidence,
    at,
  });
