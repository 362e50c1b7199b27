import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';

/**
 * A browser signed in with ADMIN_TOKEN: only a hash of its random id, so a copy of this table signs
 * nobody in, and the token's fingerprint, so a new ADMIN_TOKEN ends the old sign-ins.
 */
export const AdminSignIn = defineEntity({
  name: 'AdminSignIn',
  tableName: 'admin_sign_ins',
  properties: {
    idHash: p.text().primary(),
    tokenFingerprint: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'admin_sign_ins_expires_at', expression: 'create index admin_sign_ins_expires_at on admin_sign_ins (expires_at)' }],
});

export type AdminSignInTables = ReadModelTables<typeof AdminSignIn>;

/** Kysely over admin_sign_ins. */
export const adminSignInTables = (em: EntityManager) => em.getKysely<AdminSignInTables, typeof readModelKysely>(readModelKysely);
