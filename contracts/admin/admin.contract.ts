import { z } from 'zod';
import { defineServerFn } from '../server-fn';

export const adminEventSchema = z.object({
  position: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  schemaVersion: z.number().int(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

const isoDate = z.iso.datetime({ offset: true });

export const adminListEvents = defineServerFn({
  id: 'adminListEvents',
  method: 'GET',
  input: z
    .object({
      streamId: z.string().trim().min(1).max(200).optional(),
      type: z.string().trim().min(1).max(100).optional(),
      /** A customer's user id, matched against the actor of each event. */
      customer: z.string().trim().min(1).max(200).optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
      /** Page backwards from this global position. */
      before: z.string().regex(/^\d+$/).optional(),
      limit: z.number().int().min(1).max(200).default(50),
    })
    .strict(),
  output: z.object({ events: z.array(adminEventSchema), nextBefore: z.string().nullable(), types: z.array(z.string()) }),
  errors: ['FORBIDDEN'],
});

export const adminListStreams = defineServerFn({
  id: 'adminListStreams',
  method: 'GET',
  input: z.object({ category: z.string().trim().min(1).max(100).optional(), limit: z.number().int().min(1).max(200).default(50) }).strict(),
  output: z.object({
    streams: z.array(
      z.object({
        streamId: z.string(),
        category: z.string(),
        version: z.number().int(),
        eventCount: z.number().int(),
        lastEventType: z.string(),
        lastActor: z.string(),
        lastRecordedAt: z.string(),
      }),
    ),
    categories: z.array(z.object({ category: z.string(), streams: z.number().int() })),
  }),
  errors: ['FORBIDDEN'],
});

export const replayStatusSchema = z.object({
  replayId: z.string(),
  projector: z.string(),
  state: z.enum(['queued', 'running', 'completed', 'failed']),
  phase: z.enum(['building', 'swapping', 'done']).nullable(),
  eventsApplied: z.number().int(),
  eventsTotal: z.number().int(),
  error: z.string().nullable(),
});
export type ReplayStatus = z.infer<typeof replayStatusSchema>;

export const adminGetProjectors = defineServerFn({
  id: 'adminGetProjectors',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    headPosition: z.string(),
    projectors: z.array(
      z.object({
        name: z.string(),
        tables: z.array(z.string()),
        checkpointPosition: z.string(),
        eventsApplied: z.number().int(),
        lag: z.number().int(),
        updatedAt: z.string().nullable(),
        replay: replayStatusSchema.nullable(),
      }),
    ),
  }),
  errors: ['FORBIDDEN'],
});

export const adminStartReplay = defineServerFn({
  id: 'adminStartReplay',
  method: 'POST',
  input: z.object({ projector: z.string().trim().min(1).max(100) }).strict(),
  output: z.object({ replayId: z.string() }),
  errors: ['FORBIDDEN', 'admin.owner_only', 'admin.unknown_projector', 'CONFLICT'],
});

export const adminGetReplay = defineServerFn({
  id: 'adminGetReplay',
  method: 'GET',
  input: z.object({ replayId: z.string().uuid() }).strict(),
  output: replayStatusSchema,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
