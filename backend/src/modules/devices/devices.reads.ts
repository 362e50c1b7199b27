import type { EntityManager } from '@mikro-orm/postgresql';
import { licenseDeviceTables } from './projections/license-devices.entity';

/** Every device activation on these licenses, released ones too, newest first. */
export async function readLicensesDevices(em: EntityManager, licenseIds: readonly string[]) {
  if (licenseIds.length === 0) return [];
  return licenseDeviceTables(em)
    .selectFrom('rm_license_devices')
    .select(['license_id', 'seat', 'name', 'plugin_version', 'activated_at', 'released_at'])
    .where('license_id', 'in', licenseIds)
    .orderBy('activated_at', 'desc')
    .execute();
}
