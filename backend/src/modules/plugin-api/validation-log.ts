import type { MikroORM } from '@mikro-orm/postgresql';

export interface ValidationRecord {
  licenseId: string | null;
  keyHint: string;
  pluginVersion: string | null;
  code: string;
  reason: string | null;
  requestId: string;
  /** The SHA-256 of the device the check came from, when the plugin named one. */
  deviceHash: string | null;
}

/** The license checks the plugin made, for the dashboard's key health (kept 90 days). */
export class ValidationLog {
  constructor(private readonly orm: MikroORM) {}

  async record(entry: ValidationRecord): Promise<void> {
    await this.orm.em.getConnection().execute(
      'insert into license_validations (license_id, key_hint, plugin_version, code, reason, request_id, device_hash) values (?, ?, ?, ?, ?, ?, ?)',
      [entry.licenseId, entry.keyHint, entry.pluginVersion?.slice(0, 40) ?? null, entry.code, entry.reason, entry.requestId, entry.deviceHash],
    );
  }

  async latest(licenseIds: string[], perLicense = 10): Promise<Array<{ licenseId: string; keyHint: string; checkedAt: Date; pluginVersion: string | null; code: string; reason: string | null }>> {
    if (licenseIds.length === 0) return [];
    const rows = await this.orm.em.getConnection().execute<{ license_id: string; key_hint: string; checked_at: Date; plugin_version: string | null; code: string; reason: string | null }[]>(
      `select license_id, key_hint, checked_at, plugin_version, code, reason from (
         select *, row_number() over (partition by license_id order by checked_at desc) as n from license_validations
          where license_id in (${licenseIds.map(() => '?').join(', ')}) and checked_at > now() - interval '90 days'
       ) recent where n <= ? order by checked_at desc`,
      [...licenseIds, perLicense],
    );
    return rows.map((r) => ({ licenseId: r.license_id, keyHint: r.key_hint, checkedAt: new Date(r.checked_at), pluginVersion: r.plugin_version, code: r.code, reason: r.reason }));
  }
}
