import { z } from 'zod';

export const actorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string().min(1) }),
  z.object({ kind: z.literal('system') }),
  z.object({ kind: z.literal('stripe') }),
  z.object({ kind: z.literal('admin'), userId: z.string().min(1) }),
  /** Someone not signed in, acting through a signed email link or a public form. */
  z.object({ kind: z.literal('visitor') }),
]);
export type Actor = z.infer<typeof actorSchema>;

/** Who caused an event and why: stored beside the data of every event. */
export const eventMetadataSchema = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  actor: actorSchema,
  /** An external id (a Stripe event id, …) that makes the append idempotent forever. */
  sourceId: z.string().min(1).max(255).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const SYSTEM: Actor = { kind: 'system' };
