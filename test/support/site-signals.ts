import { Pool } from 'pg';
import type { SiteServer } from './site-server';
import { until } from './waits';

/** Which of the Stripe events a site kept: by type, by the id of the object they are about, or all. */
export interface StripeEventMatch {
  type?: string;
  objectId?: string;
}

async function withSiteDatabase<T>(site: SiteServer, use: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  try {
    return await use(pool);
  } finally {
    await pool.end();
  }
}

/**
 * Waits until the site has kept a Stripe event that matches and its webhook job has run every one
 * that does at least once (handled, ignored, or refused for now, as a refund before its purchase).
 */
export function untilStripeEventsAttempted(site: SiteServer, match: StripeEventMatch = {}, timeoutMs = 20_000): Promise<void> {
  return withSiteDatabase(site, (pool) =>
    until(
      `the site has attempted every Stripe event like ${JSON.stringify(match)}`,
      async () => {
        const { rows } = await pool.query<{ kept: number; unattempted: number }>(
          `select count(*)::int as kept, count(*) filter (where attempts = 0)::int as unattempted from stripe_webhook_events
           where ($1::text is null or type = $1) and ($2::text is null or payload->'data'->'object'->>'id' = $2)`,
          [match.type ?? null, match.objectId ?? null],
        );
        return rows[0]!.kept > 0 && rows[0]!.unattempted === 0;
      },
      timeoutMs,
      50,
    ),
  );
}

/** Waits until every projector and reactor the site runs has passed the last event in its log. */
export function untilProjected(site: SiteServer, timeoutMs = 20_000): Promise<void> {
  return withSiteDatabase(site, (pool) =>
    until(
      'every projector of the site has passed its last event',
      async () => {
        const { rows } = await pool.query<{ behind: number }>(
          'select count(*)::int as behind from projector_checkpoints where position < (select coalesce(max(position), 0) from events)',
        );
        return rows[0]!.behind === 0;
      },
      timeoutMs,
      50,
    ),
  );
}
