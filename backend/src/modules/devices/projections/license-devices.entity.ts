import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** One activation of a device on a license seat, until released (activated again, it gets a new row). */
export const LicenseDevice = defineEntity({
  name: 'LicenseDevice',
  tableName: 'rm_license_devices',
  properties: {
    licenseId: p.text().primary(),
    seat: p.text().primary(),
    deviceHash: p.text().primary(),
    name: p.text().nullable(),
    pluginVersion: p.text().nullable(),
    activatedAt: p.datetime().primary(),
    releasedAt: p.datetime().nullable(),
    slotFreeAt: p.datetime().nullable(),
  },
});

export type LicenseDeviceTables = ReadModelTables<typeof LicenseDevice>;

/** Kysely over rm_license_devices, in `em`'s transaction if it is in one. */
export const licenseDeviceTables = (em: EntityManager) => em.getKysely<LicenseDeviceTables, typeof readModelKysely>(readModelKysely);
