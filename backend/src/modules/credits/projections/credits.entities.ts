import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import type { UsageKind, UsageMeasures } from '../../../../../contracts/plugin/credits-v1';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** An add-on credit pack and what is left of it (nothing, once removed). */
export const CreditPack = defineEntity({
  name: 'CreditPack',
  tableName: 'rm_credit_packs',
  properties: {
    packId: p.text().primary(),
    userId: p.text(),
    resourceId: p.text(),
    title: p.text(),
    credits: p.bigint('number'),
    remaining: p.bigint('number'),
    addedAt: p.datetime(),
    removedAt: p.datetime().nullable(),
    removedReason: p.text().nullable(),
  },
  indexes: [{ name: 'rm_credit_packs_user', expression: 'create index rm_credit_packs_user on rm_credit_packs (user_id, added_at)' }],
});

/** A license's included credits for one billing cycle, and how many are used. */
export const CreditCycle = defineEntity({
  name: 'CreditCycle',
  tableName: 'rm_credit_cycles',
  properties: {
    licenseId: p.text().primary(),
    cycleStart: p.datetime().primary(),
    userId: p.text(),
    cycleEnd: p.datetime(),
    allowance: p.bigint('number'),
    used: p.bigint('number').defaultRaw('0'),
  },
  // An account's cycles, for the admin's account page (migration 20261126130000).
  indexes: [{ name: 'rm_credit_cycles_user', properties: ['userId', 'cycleEnd'] }],
});

/** One debit: what the service measured, what it cost, and the balances just before it. */
export const CreditUsage = defineEntity({
  name: 'CreditUsage',
  tableName: 'rm_credit_usage',
  properties: {
    entryId: p.text().primary(),
    userId: p.text(),
    licenseId: p.text(),
    requestId: p.text(),
    endpoint: p.text(),
    usageKind: p.text().$type<UsageKind>(),
    credits: p.bigint('number'),
    fromIncluded: p.bigint('number'),
    createdAt: p.datetime(),
    includedBefore: p.bigint('number').defaultRaw('0'),
    addOnBefore: p.bigint('number').defaultRaw('0'),
    measures: p.json<UsageMeasures>().nullable(),
  },
  indexes: [
    { name: 'rm_credit_usage_user', expression: 'create index rm_credit_usage_user on rm_credit_usage (user_id, created_at desc, entry_id desc)' },
    {
      name: 'rm_credit_usage_user_endpoint',
      expression: 'create index rm_credit_usage_user_endpoint on rm_credit_usage (user_id, endpoint, created_at desc, entry_id desc)',
    },
  ],
});

export type CreditTables = ReadModelTables<typeof CreditPack | typeof CreditCycle | typeof CreditUsage>;

/** Kysely over the credit read models, in `em`'s transaction if it is in one. */
export const creditTables = (em: EntityManager) => em.getKysely<CreditTables, typeof readModelKysely>(readModelKysely);
