import type { MikroORM } from '@mikro-orm/postgresql';

export type LicenseStanding = 'active' | 'past_due' | 'ended' | 'revoked';

/** What a license key names: the license (its owner's key, or a seat's), and how it stands. */
export interface KeyedLicense {
  licenseId: string;
  /** Null for the owner's key; the seat holder's address for a seat key. */
  seatEmail: string | null;
  status: LicenseStanding;
  validUntil: Date | null;
  /** A key replaced by a newer one (rotation) or a seat taken back: it answers `revoked`. */
  retired: boolean;
}

/** A looked-up license with what its terms allow each seat (0 for a retired key). */
export interface LookedUpLicense extends KeyedLicense {
  devicesPerSeat: number;
}

const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;

/**
 * Finds the license a key hash names in the read models, remembering answers for 2 s so a
 * burst of checks for one key costs one query. A change (rotation, revocation) shows within 2 s
 * on every instance, at once on the one that made it (it calls `forget`).
 */
export class LicenseLookup {
  private readonly cache = new Map<string, { value: LookedUpLicense | null; until: number }>();

  constructor(private readonly orm: MikroORM) {}

  async find(keyHash: string): Promise<LookedUpLicense | null> {
    const cached = this.cache.get(keyHash);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = await this.query(keyHash);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(keyHash, { value, until: Date.now() + CACHE_MS });
    return value;
  }

  forget(keyHash: string): void {
    this.cache.delete(keyHash);
  }

  private async query(keyHash: string): Promise<LookedUpLicense | null> {
    const rows = await this.orm.em.getConnection().execute<{ license_id: string; seat_email: string | null; status: LicenseStanding; valid_until: Date | null; retired: boolean; devices_per_seat: number }[]>(
      `select l.license_id, null as seat_email, l.status, l.valid_until, false as retired, l.devices_per_seat from rm_licenses l where l.key_hash = ?
       union all
       select l.license_id, u.email, l.status, l.valid_until, false, l.devices_per_seat from rm_licensed_users u join rm_licenses l on l.license_id = u.license_id where u.seat_key_hash = ?
       union all
       select r.license_id, null, 'revoked', null, true, 0 from rm_retired_license_keys r where r.key_hash = ?
       limit 1`,
      [keyHash, keyHash, keyHash],
    );
    const row = rows[0];
    return row ? { licenseId: row.license_id, seatEmail: row.seat_email, status: row.status, validUntil: row.valid_until ? new Date(row.valid_until) : null, retired: row.retired, devicesPerSeat: row.devices_per_seat } : null;
  }
}
