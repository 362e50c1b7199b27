import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { getSupportAudit, SupportActionAuditEntry, SupportAuditEntry } from '../../../../contracts/admin/support-actions.contract';
import { EVENTS_POOL } from '../../events/events.tokens';

type AuditFilter = z.output<typeof getSupportAudit.input>;
type Role = 'owner' | 'support';

interface AuditRow {
  source: SupportAuditEntry['source'];
  id: string;
  position: string;
  kind: string;
  user_id: string | null;
  customer_email: string | null;
  actor_id: string;
  actor_role: Role;
  reason: string | null;
  details: Record<string, unknown> | null;
  status: string;
  outcome: string | null;
  target: string | null;
  code: string | null;
  recorded_at: Date;
  settled_at: Date | null;
}

// One log, by the events' global positions: support actions (rm_support_audit) and the admin operations (rm_admin_operations) beside them.
const PAGE_SQL = `
  select source, id, position::text as position, kind, user_id, customer_email, actor_id, actor_role, reason, details, status, outcome, target, code,
         recorded_at, settled_at
  from (
    select 'support_action' as source, a.action_id as id, a.position, a.kind, a.user_id, d.email as customer_email, a.actor_id, a.actor_role,
           a.reason, a.details, a.status, a.outcome, null::text as target, null::text as code, a.recorded_at, a.settled_at
    from rm_support_audit a left join rm_customer_directory d on d.user_id = a.user_id
    where ($1::text is null or a.kind = $1) and ($2::text is null or a.actor_id = $2) and ($3::text is null or a.user_id = $3)
      and ($4::bigint is null or a.position < $4::bigint)
    union all
    select 'admin_operation', o.operation_id, o.position, o.operation, null, null, o.actor_id, o.actor_role,
           o.reason, null, o.status, o.outcome, o.target, o.code, o.recorded_at, null
    from rm_admin_operations o
    where ($1::text is null or o.operation = $1) and ($2::text is null or o.actor_id = $2) and $3::text is null
      and ($4::bigint is null or o.position < $4::bigint)
  ) entries
  order by entries.position desc
  limit $5`;

const ACTORS_SQL = `
  select distinct on (actor_id) actor_id, actor_role from (
    select actor_id, actor_role, position from rm_support_audit
    union all select actor_id, actor_role, position from rm_admin_operations
  ) acted
  order by actor_id, position desc
  limit 200`;

/** The audit log in /admin, newest first: support actions and admin operations. */
@Injectable()
export class SupportAuditQueries {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async page(filter: AuditFilter): Promise<{ entries: SupportAuditEntry[]; nextBefore: string | null; actors: { id: string; role: Role }[] }> {
    const [{ rows }, actors] = await Promise.all([
      this.pool.query<AuditRow>(PAGE_SQL, [filter.kind ?? null, filter.actor ?? null, filter.userId ?? null, filter.before ?? null, filter.limit + 1]),
      this.pool.query<{ actor_id: string; actor_role: Role }>(ACTORS_SQL),
    ]);
    const page = rows.slice(0, filter.limit);
    return {
      entries: page.map(toEntry),
      nextBefore: rows.length > filter.limit ? page[page.length - 1]!.position : null,
      actors: actors.rows.map((row) => ({ id: row.actor_id, role: row.actor_role })),
    };
  }
}

function toEntry(row: AuditRow): SupportAuditEntry {
  const actor = { id: row.actor_id, role: row.actor_role };
  const recordedAt = row.recorded_at.toISOString();
  if (row.source === 'admin_operation') {
    return {
      source: 'admin_operation',
      actionId: row.id,
      position: row.position,
      kind: row.kind,
      target: row.target ?? '',
      actor,
      reason: row.reason,
      status: row.status === 'failed' ? 'failed' : 'succeeded',
      outcome: row.outcome ?? '',
      code: row.code,
      recordedAt,
    };
  }
  return {
    source: 'support_action',
    actionId: row.id,
    position: row.position,
    kind: row.kind as SupportActionAuditEntry['kind'],
    userId: row.user_id ?? '',
    customerEmail: row.customer_email,
    actor,
    reason: row.reason ?? '',
    details: row.details ?? {},
    status: row.status as SupportActionAuditEntry['status'],
    outcome: row.outcome,
    recordedAt,
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
