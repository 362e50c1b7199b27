import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** Every audited admin operation (a replay, a redrive, dispute evidence, a library upload), for the audit log in /admin. */
export const AdminOperationRecord = defineEntity({
  name: 'AdminOperationRecord',
  tableName: 'rm_admin_operations',
  properties: {
    operationId: p.text().primary(),
    position: p.bigint(),
    operation: p.text(),
    target: p.text(),
    actorId: p.text(),
    actorRole: p.text(),
    reason: p.text().nullable(),
    /** succeeded or failed. */
    status: p.text(),
    outcome: p.text(),
    code: p.text().nullable(),
    recordedAt: p.datetime(),
  },
  indexes: [
    { name: 'rm_admin_operations_position', expression: 'create index rm_admin_operations_position on rm_admin_operations (position desc)' },
    { name: 'rm_admin_operations_actor', expression: 'create index rm_admin_operations_actor on rm_admin_operations (actor_id, position desc)' },
  ],
});

export type AdminOperationTables = ReadModelTables<typeof AdminOperationRecord>;

/** Kysely over rm_admin_operations, in `em`'s transaction if it is in one. */
export const adminOperationTables = (em: EntityManager) => em.getKysely<AdminOperationTables, typeof readModelKysely>(readModelKysely);
