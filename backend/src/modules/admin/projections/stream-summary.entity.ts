import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

const StreamSummarySchema = defineEntity({
  name: 'StreamSummary',
  tableName: 'rm_streams',
  properties: {
    streamId: p.text().primary(),
    category: p.text(),
    version: p.integer(),
    eventCount: p.integer(),
    lastEventType: p.text(),
    lastActor: p.text(),
    firstRecordedAt: p.datetime(),
    lastRecordedAt: p.datetime(),
  },
  indexes: [
    { name: 'rm_streams_category_idx', expression: 'create index rm_streams_category_idx on rm_streams (category, last_recorded_at desc)' },
    { name: 'rm_streams_last_recorded_idx', expression: 'create index rm_streams_last_recorded_idx on rm_streams (last_recorded_at desc)' },
  ],
});

/** One row per stream in the log, for the admin's stream list. */
export class StreamSummary extends StreamSummarySchema.class {}
StreamSummarySchema.setClass(StreamSummary);
export { StreamSummarySchema };

export type StreamSummaryTables = ReadModelTables<typeof StreamSummarySchema>;

/** Kysely over rm_streams, in `em`'s transaction if it is in one. */
export const streamSummaryTables = (em: EntityManager) => em.getKysely<StreamSummaryTables, typeof readModelKysely>(readModelKysely);
