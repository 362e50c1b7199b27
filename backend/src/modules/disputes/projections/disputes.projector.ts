import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import type { DisputeEvent } from '../disputes.events';
import { disputeTables } from './disputes.entity';

type Event = Recorded<DisputeEvent>;

/** Keeps rm_disputes, the admin's list of disputes and the evidence each shows. */
export class DisputesProjector implements Projector<Event> {
  readonly name = 'DisputesProjector';
  readonly eventTypes: Event['type'][] = ['DisputeOpened', 'DisputeEvidenceAssembled', 'DisputeEvidenceSubmitted'];
  readonly tables = ['rm_disputes'];

  async apply(event: Event, em: EntityManager): Promise<void> {
    const db = disputeTables(em);
    switch (event.type) {
      case 'DisputeOpened': {
        const d = event.data;
        await db
          .insertInto('rm_disputes')
          .values({
            dispute_id: d.disputeId,
            charge_id: d.chargeId,
            checkout_ref: d.checkoutRef,
            user_id: d.userId,
            amount_cents: d.amountCents,
            currency: d.currency,
            reason: d.reason,
            status: 'needs_response',
            due_by: d.dueBy ? new Date(d.dueBy) : null,
            opened_at: new Date(d.at),
            facts: null,
            evidence: null,
            submitted_at: null,
          })
          .onConflict((c) => c.column('dispute_id').doNothing())
          .execute();
        return;
      }
      case 'DisputeEvidenceAssembled':
        await db
          .updateTable('rm_disputes')
          .set({ facts: event.data.facts, evidence: event.data.evidence })
          .where('dispute_id', '=', event.data.disputeId)
          .where('status', '=', 'needs_response')
          .execute();
        return;
      case 'DisputeEvidenceSubmitted':
        await db
          .updateTable('rm_disputes')
          .set({ status: 'submitted', evidence: event.data.evidence, submitted_at: new Date(event.data.at) })
          .where('dispute_id', '=', event.data.disputeId)
          .execute();
        return;
    }
  }
}
