import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { DisputeSummary } from '../../../../contracts/disputes/disputes.contract';
import type { ReadModelRow } from '../../platform/database/read-model-kysely';
import { type DisputeTables, disputeTables } from './projections/disputes.entity';

const LIST_LIMIT = 200;

type Row = ReadModelRow<DisputeTables, 'rm_disputes'>;

const summary = (row: Row): DisputeSummary => ({
  disputeId: row.dispute_id,
  chargeId: row.charge_id,
  userId: row.user_id,
  customerEmail: row.facts?.customer.email ?? null,
  amountCents: row.amount_cents,
  currency: row.currency,
  reason: row.reason,
  status: row.status,
  dueBy: row.due_by?.toISOString() ?? null,
  openedAt: row.opened_at.toISOString(),
  submittedAt: row.submitted_at?.toISOString() ?? null,
});

/** The disputes read model, for the admin pages. */
@Injectable()
export class DisputesQueries {
  constructor(private readonly orm: MikroORM) {}

  async list(): Promise<DisputeSummary[]> {
    const rows = await disputeTables(this.orm.em.fork()).selectFrom('rm_disputes').selectAll().orderBy('opened_at', 'desc').limit(LIST_LIMIT).execute();
    return rows.map(summary);
  }

  async get(disputeId: string) {
    const row = await disputeTables(this.orm.em.fork()).selectFrom('rm_disputes').selectAll().where('dispute_id', '=', disputeId).executeTakeFirst();
    return row ? { dispute: summary(row), facts: row.facts, evidence: row.evidence } : null;
  }
}
