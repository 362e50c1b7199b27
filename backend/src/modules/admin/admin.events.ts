import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

/** Recorded when an admin asks for a read model to be rebuilt from position 0. */
export const ReplayRequested = defineEvent({
  type: 'ReplayRequested',
  schemaVersion: 1,
  schema: z.object({ replayId: z.string(), projector: z.string(), requestedAt: z.iso.datetime() }),
});

/** Recorded when the rebuilt read model has been swapped in. */
export const ReplayCompleted = defineEvent({
  type: 'ReplayCompleted',
  schemaVersion: 1,
  schema: z.object({
    replayId: z.string(),
    eventsApplied: z.number().int().nonnegative(),
    durationMs: z.number().int().nonnegative(),
    completedAt: z.iso.datetime(),
  }),
});

/** Recorded when a rebuild stopped with an error; the live read model was left as it was. */
export const ReplayFailed = defineEvent({
  type: 'ReplayFailed',
  schemaVersion: 1,
  schema: z.object({ replayId: z.string(), reason: z.string(), failedAt: z.iso.datetime() }),
});

export const adminEvents = [ReplayRequested, ReplayCompleted, ReplayFailed];

export type ReplayEvent = ReturnType<typeof ReplayRequested> | ReturnType<typeof ReplayCompleted> | ReturnType<typeof ReplayFailed>;

export const replayStreamId = (replayId: string) => `replay-${replayId}`;
