import { z } from 'zod';

/**
 * What "why do they have access" reads of a support action: the `SupportActionRecorded` event
 * (schema version 1, the shared support-action model) that a grant's causationId points to.
 * Read by its stored shape rather than through the registry so that an action recorded by a newer
 * version of the support console (more kinds, more details) still explains the grant it caused.
 */
export const SUPPORT_ACTION_RECORDED = 'SupportActionRecorded';

const supportActionData = z.object({
  actionId: z.string(),
  kind: z.string(),
  userId: z.string(),
  actor: z.object({ id: z.string(), role: z.string() }),
  reason: z.string(),
  at: z.iso.datetime(),
});

export interface SupportActionView {
  position: string;
  actionId: string;
  kind: string;
  userId: string;
  actorId: string;
  actorRole: string;
  reason: string;
  at: string;
}

/** The action a stored row records, or null when the row is not a support action we can read. */
export function readSupportAction(row: { position: string; type: string; schema_version: number; data: unknown }): SupportActionView | null {
  if (row.type !== SUPPORT_ACTION_RECORDED || row.schema_version !== 1) return null;
  const parsed = supportActionData.safeParse(row.data);
  if (!parsed.success) return null;
  const { actionId, kind, userId, actor, reason, at } = parsed.data;
  return { position: row.position, actionId, kind, userId, actorId: actor.id, actorRole: actor.role, reason, at };
}
