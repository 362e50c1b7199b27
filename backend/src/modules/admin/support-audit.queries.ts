import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { getSupportAudit, SupportAuditEntry } from '../../../../contracts/admin/support-actions.contract';
import { EVENTS_POOL } from '../../events/events.tokens';

type AuditFilter = z.output<typeof getSupportAudit.input>;

interface AuditRow {
  action_id: string;
  position: string;
  kind: SupportAuditEntry['kind'];
  user_id: string;
  customer_email: string | null;
  actor_id: string;
  actor_role: 'owner' | 'support';
  reason: string;
  details: Record<string, unknown>;
  status: SupportAuditEntry['status'];
  outcome: string | null;
  recorded_at: Date;
  settled_at: Date | null;
}

/** The audit log in /admin, read from rm_support_audit newest first. */
@Injectable()
export class SupportAuditQueries {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async page(filter: AuditFilter): Promise<{ entries: SupportAuditEntry[]; nextBefore: string | null; actors: { id: string; role: 'owner' | 'support' }[] }> {
    const [{ rows }, actors] = await Promise.all([
      this.pool.query<AuditRow>(
        `select a.action_id, a.position::text, a.kind, a.user_id, d.email as customer_email, a.actor_id, a.actor_role, a.reason, a.details,
                a.status, a.outcome, a.recorded_at, a.settled_at
         from rm_support_audit a left join rm_customer_directory d on d.user_id = a.user_id
         where ($1::text is null or a.kind = $1) and ($2::text is null or a.actor_id = $2) and ($3::text is null or a.user_id = $3)
           and ($4::bigint is null or a.position < $4::bigint)
         order by a.position desc
         limit $5`,
        [filter.kind ?? null, filter.actor ?? null, filter.userId ?? null, filter.before ?? null, filter.limit + 1],
      ),
      this.pool.query<{ actor_id: string; actor_role: 'owner' | 'support' }>(
        'select distinct on (actor_id) actor_id, actor_role from rm_support_audit order by actor_id, position desc limit 200',
      ),
    ]);
    const page = rows.slice(0, filter.limit);
    return {
      entries: page.map((row) => ({
        actionId: row.action_id,
        position: row.position,
        kind: row.kind,
        userId: row.user_id,
        customerEmail: row.customer_email,
        actor: { id: row.actor_id, role: row.actor_role },
        reason: row.reason,
        details: row.details,
        status: row.status,
        outcome: row.outcome,
        recordedAt: row.recorded_at.toISOString(),
        settledAt: row.settled_at?.toISOString() ?? null,
      })),
      nextBefore: rows.length > filter.limit ? page[page.length - 1]!.position : null,
      actors: actors.rows.map((row) => ({ id: row.actor_id, role: row.actor_role })),
    };
  }
}
