import type { EntityManager } from '@mikro-orm/postgresql';

/** The type of each of these Stripe events that was received, by its id. */
export async function readStripeEventTypes(em: EntityManager, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await em
    .getConnection()
    .execute<{ stripe_event_id: string; type: string }[]>(
      `select stripe_event_id, type from stripe_webhook_events where stripe_event_id in (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
  return new Map(rows.map((row) => [row.stripe_event_id, row.type]));
}
