import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { LicenseDeviceSeat } from '../../../../contracts/dashboard/dashboard.contract';
import { readModelKysely } from '../../platform/database/read-model-kysely';
import type { ValidationLogTables } from '../licenses';
import type { LicenseDeviceTables } from './projections/license-devices.entity';
import { RELEASE_WINDOW_MS } from './devices.decider';
import { OWNER_SEAT } from './devices.events';

/** The devices read model and the plugin's license checks (read, never written, here). */
const deviceSeatTables = (em: EntityManager) => em.getKysely<LicenseDeviceTables & ValidationLogTables, typeof readModelKysely>(readModelKysely);

/**
 * The device slots of licenses, per seat, for their owner's dashboard: active devices with their
 * last check and plugin version (from the validation log, so a check writes nothing more),
 * released slots still cooling down, and the seat's releases in the last 30 days.
 */
export async function readLicenseDeviceSeats(
  orm: MikroORM,
  licenseIds: string[],
): Promise<{ of(licenseId: string, seatEmails: string[]): LicenseDeviceSeat[] }> {
  const rows = licenseIds.length
    ? await deviceSeatTables(orm.em)
        .selectFrom('rm_license_devices as d')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('license_validations as v')
              .select(['v.checked_at', 'v.plugin_version'])
              .whereRef('v.license_id', '=', 'd.license_id')
              .whereRef('v.device_hash', '=', 'd.device_hash')
              .where('d.released_at', 'is', null)
              .orderBy('v.checked_at', 'desc')
              .limit(1)
              .as('seen'),
          (join) => join.onTrue(),
        )
        .selectAll('d')
        // Selected under its own name, so it arrives as a Date like every timestamp column.
        .select(['seen.checked_at', 'seen.plugin_version as seen_version'])
        .where('d.license_id', 'in', licenseIds)
        .where((eb) => eb.or([eb('d.released_at', 'is', null), eb('d.released_at', '>', new Date(Date.now() - RELEASE_WINDOW_MS))]))
        .orderBy('d.activated_at')
        .orderBy('d.device_hash')
        .execute()
    : [];
  const now = Date.now();
  return {
    of(licenseId, seatEmails) {
      const mine = rows.filter((r) => r.license_id === licenseId);
      const seats = [...new Set([OWNER_SEAT, ...seatEmails, ...mine.map((r) => r.seat).sort()])];
      return seats.map((seat) => {
        const rowsOfSeat = mine.filter((r) => r.seat === seat);
        const released = rowsOfSeat.filter((r) => r.released_at !== null);
        return {
          seat,
          devices: rowsOfSeat
            .filter((r) => r.released_at === null)
            .map((r) => ({
              deviceHash: r.device_hash,
              name: r.name,
              activatedAt: r.activated_at.toISOString(),
              lastSeenAt: r.checked_at?.toISOString() ?? null,
              pluginVersion: r.seen_version ?? r.plugin_version,
            })),
          coolingUntil: released.flatMap((r) => (r.slot_free_at && r.slot_free_at.getTime() > now ? [r.slot_free_at.toISOString()] : [])).sort(),
          recentReleases: released.length,
        };
      });
    },
  };
}
