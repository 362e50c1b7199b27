import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { ASYNC_KINDS } from '../../../../../contracts/admin/support-actions.contract';
import type { SupportActionEvent } from '../../support';
import { supportAuditTables } from './support-audit.entity';

type AuditEvent = Recorded<SupportActionEvent>;

/**
 * Keeps rm_support_audit: one row per support action, from its SupportActionRecorded (with the
 * event's position, so the log can be read newest first), pending until its Completed (done for
 * what is done at once, completed for what Stripe answered) or Failed.
 */
export class SupportAuditProjector implements Projector<AuditEvent> {
  readonly name = 'SupportAuditProjector';
  readonly eventTypes: AuditEvent['type'][] = ['SupportActionRecorded', 'SupportActionCompleted', 'SupportActionFailed'];
  readonly tables = ['rm_support_audit'];

  async apply(event: AuditEvent, em: EntityManager): Promise<void> {
    const db = supportAuditTables(em);
    switch (event.type) {
      case 'SupportActionRecorded': {
        const action = event.data;
        await db
          .insertInto('rm_support_audit')
          .values({
            action_id: action.actionId,
            position: event.position,
            kind: action.kind,
            user_id: action.userId,
            actor_id: action.actor.id,
            actor_role: action.actor.role,
            reason: action.reason,
            details: action.details,
            status: 'pending',
            outcome: null,
            recorded_at: new Date(action.at),
            settled_at: null,
          })
          .onConflict((conflict) => conflict.column('action_id').doNothing())
          .execute();
        return;
      }
      case 'SupportActionCompleted':
      case 'SupportActionFailed':
        await db
          .updateTable('rm_support_audit')
          .set((eb) => ({
            // A grant or a revoke is done at once; a refund or a cancellation is completed by Stripe's answer.
            status:
              event.type === 'SupportActionFailed'
                ? 'failed'
                : eb
                    .case()
                    .when('kind', 'in', [...ASYNC_KINDS])
                    .then('completed')
                    .else('done')
                    .end(),
            outcome: event.type === 'SupportActionCompleted' ? event.data.outcome : event.data.error,
            settled_at: new Date(event.data.at),
          }))
          .where('action_id', '=', event.data.actionId)
          .execute();
    }
  }
}
