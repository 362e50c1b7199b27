import type { MikroORM } from '@mikro-orm/postgresql';
import type { KeyedLicense, LicenseChanges, LicenseStanding } from '../licenses';
import { pluginApiReadModels } from './plugin-api-read-models';

/** A looked-up license with what its terms allow each seat (0 for a retired key). */
export interface LookedUpLicense extends KeyedLicense {
  devicesPerSeat: number;
}

const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;

interface Remembered {
  value: LookedUpLicense | null;
  until: number;
  /** The shared generation (LicenseChanges) it was read under. */
  generation: string;
}

/**
 * Finds the license a key hash names in the read models, remembering answers for 2 s so a burst of
 * checks for one key costs one query. A remembered answer is good only while the shared generation
 * in Redis is the one it was read under: a seat removed or a key rotated through any api moves it
 * before that api answers (`LicenseChanges.publish`), so from then on no process answers from
 * memory. Changes made elsewhere (the worker, from Stripe's events) drop the license's answers as
 * soon as the projector's notification arrives. Answers are remembered only while the
 * notifications are heard; an answer read while a change came in is not remembered at all.
 */
export class LicenseLookup {
  private readonly cache = new Map<string, Remembered>();
  /** Moves on every change heard: a query that started before it may have read the old state. */
  private heard = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly changes: LicenseChanges,
  ) {
    changes.onChange((licenseId) => this.forget(licenseId));
  }

  /**
   * The shared generation, read now. A caller with other work to wait for first (the rate limits)
   * starts it before that work and hands it to `find`, so the read costs no round trip of its own.
   */
  generation(): Promise<string | null> {
    return this.changes.generation();
  }

  /** `generation` must have been read after the check began (and it is, by default) and before this looks anything up. */
  async find(keyHash: string, generation: Promise<string | null> = this.generation()): Promise<LookedUpLicense | null> {
    // Read before the query: a change published after this read moves it, and the answer is not used again.
    const shared = await generation;
    const cached = this.cache.get(keyHash);
    if (cached && cached.until > Date.now() && cached.generation === shared) return cached.value;
    if (!this.changes.listening) void this.changes.start();
    const heard = this.heard;
    const value = await this.query(keyHash);
    if (shared !== null && this.changes.listening && heard === this.heard) {
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(keyHash, { value, until: Date.now() + CACHE_MS, generation: shared });
    }
    return value;
  }

  /** Drops what is remembered of one license's keys, or of every key (`null`). */
  private forget(licenseId: string | null): void {
    this.heard += 1;
    if (licenseId === null) {
      this.cache.clear();
      return;
    }
    for (const [keyHash, entry] of this.cache) if (entry.value?.licenseId === licenseId) this.cache.delete(keyHash);
  }

  private async query(keyHash: string): Promise<LookedUpLicense | null> {
    // One round trip: the owner's key, a seat's key, or a retired key (each hash names one at most).
    const db = pluginApiReadModels(this.orm.em);
    const row = await db
      .selectFrom('rm_licenses as l')
      .select((eb) => [
        'l.license_id',
        eb.lit(null).$castTo<string | null>().as('seat_email'),
        'l.status',
        'l.valid_until',
        eb.lit(false).$castTo<boolean>().as('retired'),
        'l.devices_per_seat',
      ])
      .where('l.key_hash', '=', keyHash)
      .unionAll(
        db
          .selectFrom('rm_seats as u')
          .innerJoin('rm_licenses as l', 'l.license_id', 'u.license_id')
          .select((eb) => ['l.license_id', 'u.email as seat_email', 'l.status', 'l.valid_until', eb.lit(false).as('retired'), 'l.devices_per_seat'])
          .where('u.seat_key_hash', '=', keyHash),
      )
      .unionAll(
        db
          .selectFrom('rm_retired_license_keys as r')
          .select((eb) => [
            'r.license_id',
            eb.lit(null).as('seat_email'),
            eb.val<LicenseStanding>('revoked').as('status'),
            eb.lit(null).as('valid_until'),
            eb.lit(true).as('retired'),
            eb.lit(0).as('devices_per_seat'),
          ])
          .where('r.key_hash', '=', keyHash),
      )
      .limit(1)
      .executeTakeFirst();
    return row
      ? {
          licenseId: row.license_id,
          seatEmail: row.seat_email,
          status: row.status,
          validUntil: row.valid_until,
          retired: row.retired,
          devicesPerSeat: row.devices_per_seat,
        }
      : null;
  }
}
