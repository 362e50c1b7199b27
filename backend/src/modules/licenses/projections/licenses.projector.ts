import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import { LICENSE_CHANGES_CHANNEL } from '../license-changes';
import type { LicensedUserAdded, LicensedUserRemoved, LicenseGranted, LicenseKeyRotated, LicensePlanChanged, LicenseRevoked, LicenseTermChanged } from '../licenses.events';

/** Licenses and their seats, as the dashboard shows them and the plugin's API will look them up. */
export class LicensesProjector implements Projector {
  readonly name = 'LicensesProjector';
  readonly eventTypes = ['LicenseGranted', 'LicenseTermChanged', 'LicenseRevoked', 'LicensedUserAdded', 'LicensedUserRemoved', 'LicenseKeyRotated', 'LicensePlanChanged'];
  readonly tables = ['rm_licenses', 'rm_licensed_users', 'rm_retired_license_keys'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    await this.project(event, em);
    // Heard on commit by every process's LicenseLookup, which forgets the license's keys then.
    await em.execute('select pg_notify(?, ?)', [LICENSE_CHANGES_CHANNEL, (event.data as { licenseId: string }).licenseId]);
  }

  private async project(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'LicenseGranted': {
        const d = event.data as EventData<typeof LicenseGranted>;
        await em.execute(
          `insert into rm_licenses (license_id, user_id, resource_id, plan, kind, status, key_sealed, key_hash, key_hint, seats, devices_per_seat, included_credits_per_month, valid_until, subscription_id, checkout_ref, granted_at)
           values (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (license_id) do nothing`,
          [d.licenseId, d.userId, d.resourceId, d.plan, d.kind, d.keySealed, d.keyHash, d.keyHint, d.seats, d.devicesPerSeat, d.includedCreditsPerMonth, d.validUntil, d.source.subscriptionId, d.source.checkoutRef, d.grantedAt],
        );
        return;
      }
      case 'LicenseTermChanged': {
        const d = event.data as EventData<typeof LicenseTermChanged>;
        await em.execute("update rm_licenses set status = ?, valid_until = ? where license_id = ? and status <> 'revoked'", [d.status, d.validUntil, d.licenseId]);
        return;
      }
      case 'LicenseRevoked': {
        const d = event.data as EventData<typeof LicenseRevoked>;
        await em.execute("update rm_licenses set status = 'revoked', revoked_reason = ? where license_id = ?", [d.reason, d.licenseId]);
        return;
      }
      case 'LicensedUserAdded': {
        const d = event.data as EventData<typeof LicensedUserAdded>;
        await em.execute('insert into rm_licensed_users (license_id, email, seat_key_sealed, seat_key_hash, seat_key_hint, added_at) values (?, ?, ?, ?, ?, ?) on conflict do nothing', [d.licenseId, d.email, d.seatKeySealed, d.seatKeyHash, d.seatKeyHint, d.at]);
        return;
      }
      case 'LicensedUserRemoved': {
        const d = event.data as EventData<typeof LicensedUserRemoved>;
        await em.execute('delete from rm_licensed_users where license_id = ? and email = ?', [d.licenseId, d.email]);
        await em.execute("insert into rm_retired_license_keys (key_hash, license_id, retired_at, why) values (?, ?, ?, 'seat_removed') on conflict do nothing", [d.seatKeyHash, d.licenseId, d.at]);
        return;
      }
      case 'LicensePlanChanged': {
        const d = event.data as EventData<typeof LicensePlanChanged>;
        await em.execute(
          'update rm_licenses set resource_id = ?, plan = ?, seats = ?, devices_per_seat = ?, included_credits_per_month = ? where license_id = ?',
          [d.resourceId, d.plan, d.seats, d.devicesPerSeat, d.includedCreditsPerMonth, d.licenseId],
        );
        return;
      }
      case 'LicenseKeyRotated': {
        const d = event.data as EventData<typeof LicenseKeyRotated>;
        await em.execute('update rm_licenses set key_sealed = ?, key_hash = ?, key_hint = ? where license_id = ?', [d.keySealed, d.keyHash, d.keyHint, d.licenseId]);
        await em.execute("insert into rm_retired_license_keys (key_hash, license_id, retired_at, why) values (?, ?, ?, 'rotated') on conflict do nothing", [d.oldKeyHash, d.licenseId, d.at]);
        return;
      }
    }
  }
}
