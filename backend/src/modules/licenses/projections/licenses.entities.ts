import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** A license with its owner's key (sealed for the dashboard, hashed for the plugin) and what it grants. */
export const License = defineEntity({
  name: 'License',
  tableName: 'rm_licenses',
  properties: {
    licenseId: p.text().primary(),
    userId: p.text(),
    resourceId: p.text(),
    plan: p.text(),
    kind: p.text().$type<'lifetime' | 'subscription'>(),
    /** How it stands now: the term and the extension together (licenseStanding), or revoked. */
    status: p.enum(['active', 'past_due', 'ended', 'revoked']),
    keySealed: p.text(),
    keyHash: p.text().unique('rm_licenses_key_hash_key'),
    keyHint: p.text(),
    seats: p.integer(),
    devicesPerSeat: p.integer(),
    includedCreditsPerMonth: p.integer(),
    validUntil: p.datetime().nullable(),
    /** What its subscription says, kept apart so that it cannot shorten support's extension. */
    termStatus: p.enum(['active', 'past_due', 'ended']).default('active'),
    termValidUntil: p.datetime().nullable(),
    extendedUntil: p.datetime().nullable(),
    subscriptionId: p.text().nullable(),
    checkoutRef: p.text().nullable(),
    grantedAt: p.datetime(),
    revokedReason: p.text().nullable(),
  },
  indexes: [{ name: 'rm_licenses_user', expression: 'create index rm_licenses_user on rm_licenses (user_id, granted_at desc)' }],
});

/** A seat given to someone else's address, with their own key. */
export const Seat = defineEntity({
  name: 'Seat',
  tableName: 'rm_seats',
  properties: {
    licenseId: p.text().primary(),
    email: p.text().primary(),
    seatKeySealed: p.text(),
    seatKeyHash: p.text().unique('rm_seats_seat_key_hash_key'),
    seatKeyHint: p.text(),
    addedAt: p.datetime(),
  },
  indexes: [{ name: 'rm_seats_email', expression: 'create index rm_seats_email on rm_seats (lower(email) text_pattern_ops)' }],
});

/** Keys that no longer open their license (rotated away, or a seat taken back): the plugin hears `revoked`. */
export const RetiredLicenseKey = defineEntity({
  name: 'RetiredLicenseKey',
  tableName: 'rm_retired_license_keys',
  properties: {
    keyHash: p.text().primary(),
    licenseId: p.text(),
    retiredAt: p.datetime(),
    why: p.text().$type<'rotated' | 'seat_removed'>(),
  },
});

export type LicenseTables = ReadModelTables<typeof License | typeof Seat | typeof RetiredLicenseKey>;

/** Kysely over these tables, in `em`'s transaction if it is in one. */
export const licenseTables = (em: EntityManager) => em.getKysely<LicenseTables, typeof readModelKysely>(readModelKysely);
