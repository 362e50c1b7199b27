import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';
import type { DisputeEvidence, EvidenceFacts } from '../dispute-evidence';

/** One row per Stripe dispute: its state, the facts read from the log and the evidence (as assembled, then as submitted). */
export const Dispute = defineEntity({
  name: 'Dispute',
  tableName: 'rm_disputes',
  properties: {
    disputeId: p.text().primary(),
    chargeId: p.text(),
    checkoutRef: p.text().nullable(),
    userId: p.text().nullable(),
    amountCents: p.integer(),
    currency: p.text(),
    reason: p.text(),
    status: p.enum(['needs_response', 'submitted']),
    dueBy: p.datetime().nullable(),
    openedAt: p.datetime(),
    facts: p.json<EvidenceFacts>().nullable(),
    evidence: p.json<DisputeEvidence>().nullable(),
    submittedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'rm_disputes_opened', expression: 'create index rm_disputes_opened on rm_disputes (opened_at desc)' }],
});

export type DisputeTables = ReadModelTables<typeof Dispute>;

/** Kysely over rm_disputes, in `em`'s transaction if it is in one. */
export const disputeTables = (em: EntityManager) => em.getKysely<DisputeTables, typeof readModelKysely>(readModelKysely);
