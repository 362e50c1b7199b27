import { defineEntity, p } from '@mikro-orm/postgresql';

const StreamSummarySchema = defineEntity({
  name: 'StreamSummary',
  tableName: 'rm_streams',
  properties: {
    streamId: p.string().primary(),
    category: p.string(),
    version: p.integer(),
    eventCount: p.integer(),
    lastEventType: p.string(),
    lastActor: p.string(),
    firstRecordedAt: p.datetime(),
    lastRecordedAt: p.datetime(),
  },
});

/** One row per stream in the log, for the admin's stream list. */
export class StreamSummary extends StreamSummarySchema.class {}
StreamSummarySchema.setClass(StreamSummary);
export { StreamSummarySchema };
