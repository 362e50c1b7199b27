import type { EntityManager } from '@mikro-orm/postgresql';
import { unconvertedReads } from '../../platform/database/read-model-kysely';
import { type AccountStreamLink, linkKind, noLinkRef } from '../../events/account-stream-links';
import { type LicenseTables, licenseTables } from './projections/licenses.entities';

/** What others may read of an account's licenses (never the sealed key or its hash), newest first. */
export async function readAccountLicenses(em: EntityManager, userId: string) {
  return licenseTables(em)
    .selectFrom('rm_licenses')
    .select(['license_id', 'plan', 'kind', 'status', 'key_hint', 'seats', 'devices_per_seat', 'valid_until', 'subscription_id', 'checkout_ref', 'granted_at'])
    .where('user_id', '=', userId)
    .orderBy('granted_at', 'desc')
    .execute();
}

/**
 * An account's licenses (kind `license`, id the license id) as one part of the account's streams,
 * and, given its address, the licenses it holds a seat on (kind `seat`: a seat lives on its owner's license).
 */
export function licenseAccountLinks(em: EntityManager, userId: string, seatsHeldBy: string | null) {
  const db = unconvertedReads<LicenseTables>(em);
  const owned = db
    .selectFrom('rm_licenses')
    .select((eb) => [linkKind(eb, 'license'), 'license_id as id', noLinkRef(eb)])
    .where('user_id', '=', userId);
  const seats = seatsHeldBy
    ? [
        db
          .selectFrom('rm_seats')
          .select((eb) => [linkKind(eb, 'seat'), 'license_id as id', noLinkRef(eb)])
          .where((eb) => eb(eb.fn('lower', ['email']), '=', seatsHeldBy.toLowerCase())),
      ]
    : [];
  return [owned, ...seats].map((part) => part.$castTo<AccountStreamLink>());
}

/** One license of an account's, with its sealed key (to send it again), or undefined. */
export async function readAccountLicense(em: EntityManager, userId: string, licenseId: string) {
  return licenseTables(em)
    .selectFrom('rm_licenses')
    .select(['license_id', 'plan', 'status', 'kind', 'key_sealed', 'seats', 'extended_until'])
    .where('license_id', '=', licenseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The latest plan of each of these accounts that has a license. */
export async function readLatestPlans(em: EntityManager, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await licenseTables(em)
    .selectFrom('rm_licenses')
    .distinctOn('user_id')
    .select(['user_id', 'plan'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('granted_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.plan]));
}

/** Whose license a key opens: its own key, or one it no longer takes (rotated away, a seat taken back). */
export async function readLicenseKeyOwners(em: EntityManager, keyHash: string): Promise<{ userId: string; retired: boolean }[]> {
  const db = licenseTables(em);
  const [current, retired] = await Promise.all([
    db.selectFrom('rm_licenses').select('user_id').where('key_hash', '=', keyHash).execute(),
    db
      .selectFrom('rm_retired_license_keys as r')
      .innerJoin('rm_licenses as l', 'l.license_id', 'r.license_id')
      .select('l.user_id')
      .where('r.key_hash', '=', keyHash)
      .execute(),
  ]);
  return [...current.map((r) => ({ userId: r.user_id, retired: false })), ...retired.map((r) => ({ userId: r.user_id, retired: true }))];
}

export type SeatsWanted = { readonly ofOwner: string } | { readonly keyHash: string } | { readonly emailLike: string; readonly limit: number };

/**
 * Seats given on licenses, with the license owner's user id: on one owner's licenses (oldest
 * first), the seat a key opens, the seats given to an address (any case), or seats whose lowercased
 * address matches a LIKE pattern (in that order, at most `limit`). The one read of the seats table.
 */
export async function readSeats(em: EntityManager, wanted: SeatsWanted) {
  const seats = licenseTables(em)
    .selectFrom('rm_seats as s')
    .innerJoin('rm_licenses as l', 'l.license_id', 's.license_id')
    .select(['s.license_id', 's.email', 's.added_at', 'l.user_id as owner_user_id']);
  if ('ofOwner' in wanted) return seats.where('l.user_id', '=', wanted.ofOwner).orderBy('s.added_at').execute();
  if ('keyHash' in wanted) return seats.where('s.seat_key_hash', '=', wanted.keyHash).execute();
  return seats
    .where((eb) => eb(eb.fn('lower', ['s.email']), 'like', wanted.emailLike))
    .orderBy((eb) => eb.fn('lower', ['s.email']))
    .limit(wanted.limit)
    .execute();
}
