import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';

/** One email handed to a transport (or held back by preferences), keyed by the job that sent it, so a retried job never sends twice. */
export const EmailDeliveryRecord = defineEntity({
  name: 'EmailDeliveryRecord',
  tableName: 'email_deliveries',
  properties: {
    jobKey: p.text().primary(),
    messageId: p.text(),
    kind: p.text(),
    toAddress: p.text(),
    transport: p.text(),
    deliveredAt: p.datetime().defaultRaw('now()'),
    causationId: p.text().nullable(),
    correlationId: p.text().nullable(),
  },
  // Created by migrations 20261123060000, 20261125090000 and 20261125150000.
  indexes: [
    {
      name: 'email_deliveries_causation_idx',
      expression: 'create index email_deliveries_causation_idx on email_deliveries (causation_id) where causation_id is not null',
    },
    {
      name: 'email_deliveries_correlation_idx',
      expression: 'create index email_deliveries_correlation_idx on email_deliveries (correlation_id) where correlation_id is not null',
    },
    {
      name: 'email_deliveries_to_address_idx',
      expression: 'create index email_deliveries_to_address_idx on email_deliveries (lower(to_address), delivered_at)',
    },
  ],
});

export type EmailDeliveryTables = ReadModelTables<typeof EmailDeliveryRecord>;

/** Kysely over email_deliveries, in `em`'s transaction if it is in one. */
export const emailDeliveryTables = (em: EntityManager) => em.getKysely<EmailDeliveryTables, typeof readModelKysely>(readModelKysely);
