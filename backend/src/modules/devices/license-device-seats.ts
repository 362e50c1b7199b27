import type { MikroORM } from '@mikro-orm/postgresql';
import type { LicenseDeviceSeat } from '../../../../contracts/dashboard/dashboard.contract';
import { RELEASE_WINDOW_MS } from './devices.decider';
import { OWNER_SEAT } from './devices.events';

interface DeviceRow {
  license_id: string; seat: string; device_hash: string; name: string | null; plugin_version: string | null;
  activated_at: Date; released_at: Date | null; slot_free_at: Date | null; last_seen_at: Date | null; seen_version: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The device slots of licenses, per seat, for their owner's dashboard: active devices with their
 * last check and plugin version (from the validation log, so a check writes nothing more),
 * released slots still cooling down, and the seat's releases in the last 30 days.
 */
export async function readLicenseDeviceSeats(orm: MikroORM, licenseIds: string[]): Promise<{ of(licenseId: string, seatEmails: string[]): LicenseDeviceSeat[] }> {
  const rows = licenseIds.length
    ? await orm.em.getConnection().execute<DeviceRow[]>(
        `select d.*, seen.checked_at as last_seen_at, seen.plugin_version as seen_version
           from rm_license_devices d
           left join lateral (
             select v.checked_at, v.plugin_version from license_validations v
              where d.released_at is null and v.license_id = d.license_id and v.device_hash = d.device_hash
              order by v.checked_at desc limit 1
           ) seen on true
          where d.license_id in (${licenseIds.map(() => '?').join(', ')})
            and (d.released_at is null or d.released_at > now() - make_interval(secs => ?))
          order by d.activated_at, d.device_hash`,
        [...licenseIds, RELEASE_WINDOW_MS / 1000],
      )
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
            .map((r) => ({ deviceHash: r.device_hash, name: r.name, activatedAt: iso(r.activated_at), lastSeenAt: r.last_seen_at ? iso(r.last_seen_at) : null, pluginVersion: r.seen_version ?? r.plugin_version })),
          coolingUntil: released.flatMap((r) => (r.slot_free_at && new Date(r.slot_free_at).getTime() > now ? [iso(r.slot_free_at)] : [])).sort(),
          recentReleases: released.length,
        };
      });
    },
  };
}
