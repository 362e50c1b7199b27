import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { DeviceActivated, DeviceReleased } from '../devices.events';

/** Each activation of a device on a license, and its release: what the dashboard lists and counts. */
export class LicenseDevicesProjector implements Projector {
  readonly name = 'LicenseDevicesProjector';
  readonly eventTypes = ['DeviceActivated', 'DeviceReleased'];
  readonly tables = ['rm_license_devices'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'DeviceActivated': {
        const d = event.data as EventData<typeof DeviceActivated>;
        await em.execute(
          'insert into rm_license_devices (license_id, seat, device_hash, name, plugin_version, activated_at) values (?, ?, ?, ?, ?, ?) on conflict do nothing',
          [d.licenseId, d.seat, d.deviceHash, d.name, d.pluginVersion, d.at],
        );
        return;
      }
      case 'DeviceReleased': {
        const d = event.data as EventData<typeof DeviceReleased>;
        await em.execute('update rm_license_devices set released_at = ?, slot_free_at = ? where license_id = ? and seat = ? and device_hash = ? and released_at is null', [d.at, d.slotFreeAt, d.licenseId, d.seat, d.deviceHash]);
        return;
      }
    }
  }
}
