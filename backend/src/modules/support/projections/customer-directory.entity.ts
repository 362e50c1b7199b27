import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** Every account the log has named with an address or a name, for finding a customer in /admin. */
export const CustomerDirectory = defineEntity({
  name: 'CustomerDirectory',
  tableName: 'rm_customer_directory',
  properties: {
    userId: p.text().primary(),
    email: p.text().nullable(),
    name: p.text().nullable(),
    updatedAt: p.datetime(),
  },
  indexes: [
    { name: 'rm_customer_directory_email', expression: 'create index rm_customer_directory_email on rm_customer_directory (lower(email) text_pattern_ops)' },
    { name: 'rm_customer_directory_name', expression: 'create index rm_customer_directory_name on rm_customer_directory (lower(name) text_pattern_ops)' },
    {
      name: 'rm_customer_directory_name_trgm',
      expression: 'create index rm_customer_directory_name_trgm on rm_customer_directory using gin (lower(name) gin_trgm_ops)',
    },
  ],
});

export type CustomerDirectoryTables = ReadModelTables<typeof CustomerDirectory>;

/** Kysely over rm_customer_directory, in `em`'s transaction if it is in one. */
export const customerDirectoryTables = (em: EntityManager) => em.getKysely<CustomerDirectoryTables, typeof readModelKysely>(readModelKysely);
