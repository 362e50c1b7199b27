import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { getSupportAudit, SupportActionAuditEntry, SupportAuditEntry } from '../../../../contracts/admin/support-actions.contract';
import { readModelKysely } from '../../platform/database/read-model-kysely';
import { readCustomerContacts } from '../support';
import { type AdminOperationTables } from './projections/admin-operations.entity';
import { type SupportAuditTables } from './projections/support-audit.entity';

type AuditFilter = z.output<typeof getSupportAudit.input>;
type Role = 'owner' | 'support';

const auditTables = (em: MikroORM['em']) => em.getKysely<SupportAuditTables & AdminOperationTables, typeof readModelKysely>(readModelKysely);
type ActionRow = Awaited<ReturnType<typeof selectActions>>[number];
type OperationRow = Awaited<ReturnType<typeof selectOperations>>[number];

const MAX_ACTORS = 200;

/**
 * The audit log in /admin, newest first: support actions (rm_support_audit) and the admin
 * operations (rm_admin_operations) beside them, one log by the events' global positions.
 */
@Injectable()
export class SupportAuditQueries {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async page(filter: AuditFilter): Promise<{ entries: SupportAuditEntry[]; nextBefore: string | null; actors: { id: string; role: Role }[] }> {
    const em = this.orm.em;
    const [actions, operations, actors] = await Promise.all([
      selectActions(em, filter, filter.limit + 1),
      // An admin operation concerns no customer: filtering by one leaves none.
      filter.userId ? [] : selectOperations(em, filter, filter.limit + 1),
      selectActors(em),
    ]);
    const rows = [...actions.map((row) => ({ action: row })), ...operations.map((row) => ({ operation: row }))]
      .sort((a, b) => (positionOf(a) < positionOf(b) ? 1 : positionOf(a) > positionOf(b) ? -1 : 0))
      .slice(0, filter.limit + 1);
    const page = rows.slice(0, filter.limit);
    const contacts = await readCustomerContacts(
      em,
      page.flatMap((row) => ('action' in row ? [row.action.user_id] : [])),
    );
    const emailOf = (userId: string) => contacts.find((c) => c.user_id === userId)?.email ?? null;
    return {
      entries: page.map((row) => ('action' in row ? actionEntry(row.action, emailOf(row.action.user_id)) : operationEntry(row.operation))),
      nextBefore: rows.length > filter.limit ? String(positionOf(page[page.length - 1]!)) : null,
      actors: actors.map((row) => ({ id: row.actor_id, role: row.actor_role as Role })),
    };
  }
}

function selectActions(em: MikroORM['em'], filter: AuditFilter, limit: number) {
  return auditTables(em)
    .selectFrom('rm_support_audit')
    .selectAll()
    .$if(filter.kind !== undefined, (q) => q.where('kind', '=', filter.kind ?? ''))
    .$if(filter.actor !== undefined, (q) => q.where('actor_id', '=', filter.actor ?? ''))
    .$if(filter.userId !== undefined, (q) => q.where('user_id', '=', filter.userId ?? ''))
    .$if(filter.before !== undefined, (q) => q.where('position', '<', BigInt(filter.before ?? 0)))
    .orderBy('position', 'desc')
    .limit(limit)
    .execute();
}

function selectOperations(em: MikroORM['em'], filter: AuditFilter, limit: number) {
  return auditTables(em)
    .selectFrom('rm_admin_operations')
    .selectAll()
    .$if(filter.kind !== undefined, (q) => q.where('operation', '=', filter.kind ?? ''))
    .$if(filter.actor !== undefined, (q) => q.where('actor_id', '=', filter.actor ?? ''))
    .$if(filter.before !== undefined, (q) => q.where('position', '<', BigInt(filter.before ?? 0)))
    .orderBy('position', 'desc')
    .limit(limit)
    .execute();
}

/** Everyone who has acted, each with the role of their latest action or operation. */
function selectActors(em: MikroORM['em']) {
  const db = auditTables(em);
  return db
    .selectFrom(
      db
        .selectFrom('rm_support_audit')
        .select(['actor_id', 'actor_role', 'position'])
        .unionAll(db.selectFrom('rm_admin_operations').select(['actor_id', 'actor_role', 'position']))
        .as('acted'),
    )
    .distinctOn('actor_id')
    .select(['actor_id', 'actor_role'])
    .orderBy('actor_id')
    .orderBy('position', 'desc')
    .limit(MAX_ACTORS)
    .execute();
}

function positionOf(row: { action: ActionRow } | { operation: OperationRow }): bigint {
  return 'action' in row ? row.action.position : row.operation.position;
}

function operationEntry(row: OperationRow): SupportAuditEntry {
  return {
    source: 'admin_operation',
    actionId: row.operation_id,
    position: String(row.position),
    kind: row.operation,
    target: row.target,
    actor: { id: row.actor_id, role: row.actor_role as Role },
    reason: row.reason,
    status: row.status === 'failed' ? 'failed' : 'succeeded',
    outcome: row.outcome,
    code: row.code,
    recordedAt: row.recorded_at.toISOString(),
  };
}

function actionEntry(row: ActionRow, customerEmail: string | null): SupportAuditEntry {
  return {
    source: 'support_action',
    actionId: row.action_id,
    position: String(row.position),
    kind: row.kind as SupportActionAuditEntry['kind'],
    userId: row.user_id,
    customerEmail,
    actor: { id: row.actor_id, role: row.actor_role as Role },
    reason: row.reason,
    details: row.details,
    status: row.status as SupportActionAuditEntry['status'],
    outcome: row.outcome,
    recordedAt: row.recorded_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
