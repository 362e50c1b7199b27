import type { EntityManager } from '@mikro-orm/postgresql';
import { readModelKysely } from '../../platform/database/read-model-kysely';
import type { LicenseTables } from './projections/licenses.entities';
import type { ValidationLogTables } from './validation-log.entity';

/** How the plugin's checks went around one moment. */
export interface CheckTally {
  allowed: number;
  refused: number;
  first: Date | null;
  last: Date | null;
}

const HOUR = 60 * 60 * 1000;

/** The hours either side of these moments, overlapping ones merged, in time order. */
function windowsAround(moments: readonly Date[]): [Date, Date][] {
  const windows: [number, number][] = [];
  for (const at of [...moments].map((m) => m.getTime()).sort((a, b) => a - b)) {
    const last = windows.at(-1);
    if (last && at - HOUR <= last[1]) last[1] = at + HOUR;
    else windows.push([at - HOUR, at + HOUR]);
  }
  return windows.map(([from, to]) => [new Date(from), new Date(to)]);
}

/**
 * The plugin's checks of the account's own license keys within an hour either side of each
 * moment, one tally per moment in its order. The checks in those hours are read at once
 * (license_validations is indexed by license and time) and tallied here.
 */
export async function readChecksAround(em: EntityManager, userId: string, moments: readonly Date[]): Promise<CheckTally[]> {
  if (moments.length === 0) return [];
  const checks = await em
    .getKysely<LicenseTables & ValidationLogTables, typeof readModelKysely>(readModelKysely)
    .selectFrom('license_validations')
    .select(['checked_at', 'code'])
    .where('license_id', 'in', (eb) => eb.selectFrom('rm_licenses').select('license_id').where('user_id', '=', userId))
    .where((eb) => eb.or(windowsAround(moments).map(([from, to]) => eb.between('checked_at', from, to))))
    .execute();
  return moments.map((moment) => {
    const tally: CheckTally = { allowed: 0, refused: 0, first: null, last: null };
    for (const { checked_at: at, code } of checks) {
      if (Math.abs(at.getTime() - moment.getTime()) > HOUR) continue;
      if (code === 'allowed') tally.allowed++;
      else tally.refused++;
      if (tally.first === null || at < tally.first) tally.first = at;
      if (tally.last === null || at > tally.last) tally.last = at;
    }
    return tally;
  });
}
