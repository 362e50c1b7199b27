import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** Every support action, for the audit log in /admin and the account page: who, what, why, and how it ended. */
export const SupportAudit = defineEntity({
  name: 'SupportAudit',
  tableName: 'rm_support_audit',
  properties: {
    actionId: p.text().primary(),
    position: p.bigint(),
    kind: p.text(),
    userId: p.text(),
    actorId: p.text(),
    actorRole: p.text(),
    reason: p.text(),
    details: p.json<Record<string, unknown>>(),
    /** done (a synchronous action), pending, completed or failed. */
    status: p.text(),
    outcome: p.text().nullable(),
    recordedAt: p.datetime(),
    settledAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'rm_support_audit_position', expression: 'create index rm_support_audit_position on rm_support_audit (position desc)' },
    { name: 'rm_support_audit_user', expression: 'create index rm_support_audit_user on rm_support_audit (user_id)' },
    { name: 'rm_support_audit_actor', expression: 'create index rm_support_audit_actor on rm_support_audit (actor_id, position desc)' },
  ],
});

export type SupportAuditTables = ReadModelTables<typeof SupportAudit>;

/** Kysely over rm_support_audit, in `em`'s transaction if it is in one. */
export const supportAuditTables = (em: EntityManager) => em.getKysely<SupportAuditTables, typeof readModelKysely>(readModelKysely);
