import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

/**
 * Recorded when an admin operation declared `audit: recorded` (a replay, a redrive, dispute
 * evidence, a library upload) has run, whichever way it ended: who ran it, with which role, on
 * what, why, and how it ended. A refused role records nothing: the operation never started.
 */
export const AdminOperationPerformed = defineEvent({
  type: 'AdminOperationPerformed',
  schemaVersion: 1,
  schema: z.object({
    operationId: z.uuid(),
    /** The server function's id, or the admin route's declared name. */
    operation: z.string().min(1).max(100),
    actor: z.object({ id: z.string().min(1).max(200), role: z.enum(['owner', 'support']) }),
    target: z.string().min(1).max(300),
    reason: z.string().min(1).max(500).nullable(),
    status: z.enum(['succeeded', 'failed']),
    /** What it did, or why it failed. */
    outcome: z.string().min(1).max(500),
    /** The error's code when it failed. */
    code: z.string().min(1).max(100).nullable(),
    at: z.iso.datetime(),
  }),
});

export type AdminOperationEvent = ReturnType<typeof AdminOperationPerformed>;

export const adminOperationEvents = [AdminOperationPerformed];

export const adminOperationStreamId = (operationId: string) => `admin-operation-${operationId}`;
