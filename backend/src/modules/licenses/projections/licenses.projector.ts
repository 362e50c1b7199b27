import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { LICENSE_CHANGES_CHANNEL } from '../license-changes';
import { laterExtension, licenseStanding, type LicenseTerm } from '../license-standing';
import { type LicenseEvent, licenseEvents } from '../licenses.events';
import { licenseTables } from './licenses.entities';

const date = (value: string | null) => (value === null ? null : new Date(value));
const isoOf = (value: Date | null) => (value === null ? null : value.toISOString());

/** Licenses and their seats, as the dashboard shows them and the plugin's API will look them up. */
export class LicensesProjector implements Projector<Recorded<LicenseEvent>> {
  readonly name = 'LicensesProjector';
  readonly eventTypes = licenseEvents.map((definition) => definition.type);
  readonly tables = ['rm_licenses', 'rm_seats', 'rm_retired_license_keys'];

  async apply(event: Recorded<LicenseEvent>, em: EntityManager): Promise<void> {
    await this.project(event, em);
    // Heard on commit by every process's LicenseLookup, which forgets the license's keys then.
    await licenseTables(em)
      .selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(LICENSE_CHANGES_CHANNEL), eb.val(event.data.licenseId)]).as('notified'))
      .execute();
  }

  private async project(event: Recorded<LicenseEvent>, em: EntityManager): Promise<void> {
    const db = licenseTables(em);
    switch (event.type) {
      case 'LicenseGranted': {
        const d = event.data;
        await db
          .insertInto('rm_licenses')
          .values({
            license_id: d.licenseId,
            user_id: d.userId,
            resource_id: d.resourceId,
            plan: d.plan,
            kind: d.kind,
            status: 'active',
            key_sealed: d.keySealed,
            key_hash: d.keyHash,
            key_hint: d.keyHint,
            seats: d.seats,
            devices_per_seat: d.devicesPerSeat,
            included_credits_per_month: d.includedCreditsPerMonth,
            valid_until: date(d.validUntil),
            term_status: 'active',
            term_valid_until: date(d.validUntil),
            extended_until: null,
            subscription_id: d.source.subscriptionId,
            checkout_ref: d.source.checkoutRef,
            granted_at: new Date(d.grantedAt),
          })
          .onConflict((conflict) => conflict.column('license_id').doNothing())
          .execute();
        return;
      }
      case 'LicenseTermChanged':
        await this.restand(em, event.data.licenseId, { term: { status: event.data.status, validUntil: event.data.validUntil } });
        return;
      case 'LicenseExtended':
        await this.restand(em, event.data.licenseId, { extendedUntil: event.data.until });
        return;
      case 'LicenseRevoked':
        await db
          .updateTable('rm_licenses')
          .set({ status: 'revoked', revoked_reason: event.data.reason })
          .where('license_id', '=', event.data.licenseId)
          .execute();
        return;
      case 'SeatAssigned': {
        const d = event.data;
        await db
          .insertInto('rm_seats')
          .values({
            license_id: d.licenseId,
            email: d.email,
            seat_key_sealed: d.seatKeySealed,
            seat_key_hash: d.seatKeyHash,
            seat_key_hint: d.seatKeyHint,
            added_at: new Date(d.at),
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      case 'SeatRemoved': {
        const d = event.data;
        await db.deleteFrom('rm_seats').where('license_id', '=', d.licenseId).where('email', '=', d.email).execute();
        await db
          .insertInto('rm_retired_license_keys')
          .values({ key_hash: d.seatKeyHash, license_id: d.licenseId, retired_at: new Date(d.at), why: 'seat_removed' })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      case 'LicensePlanChanged': {
        const d = event.data;
        await db
          .updateTable('rm_licenses')
          .set({
            resource_id: d.resourceId,
            plan: d.plan,
            seats: d.seats,
            devices_per_seat: d.devicesPerSeat,
            included_credits_per_month: d.includedCreditsPerMonth,
          })
          .where('license_id', '=', d.licenseId)
          .execute();
        return;
      }
      case 'LicenseKeyRotated': {
        const d = event.data;
        await db
          .updateTable('rm_licenses')
          .set({ key_sealed: d.keySealed, key_hash: d.keyHash, key_hint: d.keyHint })
          .where('license_id', '=', d.licenseId)
          .execute();
        await db
          .insertInto('rm_retired_license_keys')
          .values({ key_hash: d.oldKeyHash, license_id: d.licenseId, retired_at: new Date(d.at), why: 'rotated' })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
    }
  }

  /** A new term or extension, and the standing the two give (as the decider's): a revoked license stays as it is. */
  private async restand(em: EntityManager, licenseId: string, change: { term: LicenseTerm } | { extendedUntil: string }): Promise<void> {
    const db = licenseTables(em);
    const row = await db
      .selectFrom('rm_licenses')
      .select(['status', 'term_status', 'term_valid_until', 'extended_until'])
      .where('license_id', '=', licenseId)
      .executeTakeFirst();
    if (!row || row.status === 'revoked') return;
    const term = 'term' in change ? change.term : { status: row.term_status, validUntil: isoOf(row.term_valid_until) };
    const extendedUntil = 'extendedUntil' in change ? laterExtension(isoOf(row.extended_until), change.extendedUntil) : isoOf(row.extended_until);
    const standing = licenseStanding(term, extendedUntil);
    await db
      .updateTable('rm_licenses')
      .set({
        term_status: term.status,
        term_valid_until: date(term.validUntil),
        extended_until: date(extendedUntil),
        status: standing.status,
        valid_until: date(standing.validUntil),
      })
      .where('license_id', '=', licenseId)
      .execute();
  }
}
