import type { EntityManager } from '@mikro-orm/postgresql';
import { readModelKysely } from '../../platform/database/read-model-kysely';
import type { ValidationLogTables } from './validation-log.entity';

const validationLog = (em: EntityManager) => em.getKysely<ValidationLogTables, typeof readModelKysely>(readModelKysely);

// An aggregate arrives as the connection hands it over (readModelKysely converts columns by name only).
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** How often the plugin checked these licenses, and the first and last check's time. */
export async function readCheckSummary(em: EntityManager, licenseIds: readonly string[]): Promise<{ count: number; first: Date | null; last: Date | null }> {
  if (licenseIds.length === 0) return { count: 0, first: null, last: null };
  const row = await validationLog(em)
    .selectFrom('license_validations')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.min<Date | string | null>('checked_at').as('first'),
      eb.fn.max<Date | string | null>('checked_at').as('last'),
    ])
    .where('license_id', 'in', licenseIds)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), first: dateOrNull(row.first), last: dateOrNull(row.last) };
}

/** The plugin's latest checks of these licenses, newest first, at most `limit`. */
export async function readLatestChecks(em: EntityManager, licenseIds: readonly string[], limit: number) {
  if (licenseIds.length === 0) return [];
  return validationLog(em)
    .selectFrom('license_validations')
    .select(['checked_at', 'code', 'plugin_version', 'device_hash'])
    .where('license_id', 'in', licenseIds)
    .orderBy('checked_at', 'desc')
    .limit(limit)
    .execute();
}
