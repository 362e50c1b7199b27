import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { type DeviceEvent, deviceEvents } from '../devices.events';
import { licenseDeviceTables } from './license-devices.entity';

/** Each activation of a device on a license, and its release: what the dashboard lists and counts. */
export class LicenseDevicesProjector implements Projector<Recorded<DeviceEvent>> {
  readonly name = 'LicenseDevicesProjector';
  readonly eventTypes = deviceEvents.map((definition) => definition.type);
  readonly tables = ['rm_license_devices'];

  async apply(event: Recorded<DeviceEvent>, em: EntityManager): Promise<void> {
    const db = licenseDeviceTables(em);
    switch (event.type) {
      case 'DeviceActivated': {
        const d = event.data;
        await db
          .insertInto('rm_license_devices')
          .values({
            license_id: d.licenseId,
            seat: d.seat,
            device_hash: d.deviceHash,
            name: d.name,
            plugin_version: d.pluginVersion,
            activated_at: new Date(d.at),
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      case 'DeviceReleased': {
        const d = event.data;
        await db
          .updateTable('rm_license_devices')
          .set({ released_at: new Date(d.at), slot_free_at: new Date(d.slotFreeAt) })
          .where('license_id', '=', d.licenseId)
          .where('seat', '=', d.seat)
          .where('device_hash', '=', d.deviceHash)
          .where('released_at', 'is', null)
          .execute();
        return;
      }
    }
  }
}
