import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import type { AdminOperationEvent } from '../admin-operations.events';
import { adminOperationTables } from './admin-operations.entity';

type OperationEvent = Recorded<AdminOperationEvent>;

/** Keeps rm_admin_operations: one row per AdminOperationPerformed, with its position so the audit log reads newest first. */
export class AdminOperationsProjector implements Projector<OperationEvent> {
  readonly name = 'AdminOperationsProjector';
  readonly eventTypes: OperationEvent['type'][] = ['AdminOperationPerformed'];
  readonly tables = ['rm_admin_operations'];

  async apply(event: OperationEvent, em: EntityManager): Promise<void> {
    const performed = event.data;
    await adminOperationTables(em)
      .insertInto('rm_admin_operations')
      .values({
        operation_id: performed.operationId,
        position: event.position,
        operation: performed.operation,
        target: performed.target,
        actor_id: performed.actor.id,
        actor_role: performed.actor.role,
        reason: performed.reason,
        status: performed.status,
        outcome: performed.outcome,
        code: performed.code,
        recorded_at: new Date(performed.at),
      })
      .onConflict((conflict) => conflict.column('operation_id').doNothing())
      .execute();
  }
}
