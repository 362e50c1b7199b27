import { defineEntity, p } from '@mikro-orm/postgresql';
import type { ReadModelTables } from '../../platform/database/read-model-kysely';

/** One license check the plugin made (ValidationLog writes them in batches; kept 90 days). */
export const LicenseValidation = defineEntity({
  name: 'LicenseValidation',
  tableName: 'license_validations',
  properties: {
    id: p.bigint('number').primary().autoincrement().generated('identity'),
    licenseId: p.text().nullable(),
    keyHint: p.text(),
    checkedAt: p.datetime().defaultRaw('now()'),
    pluginVersion: p.text().nullable(),
    code: p.text(),
    reason: p.text().nullable(),
    requestId: p.text(),
    deviceHash: p.text().nullable(),
  },
  indexes: [
    { name: 'license_validations_license', expression: 'create index license_validations_license on license_validations (license_id, checked_at desc)' },
    {
      name: 'license_validations_device',
      expression: 'create index license_validations_device on license_validations (license_id, device_hash, checked_at desc) where device_hash is not null',
    },
  ],
});

export type ValidationLogTables = ReadModelTables<typeof LicenseValidation>;
