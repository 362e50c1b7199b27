import { randomUUID } from 'node:crypto';
import { DeviceActivated, deviceEvents, DeviceReleased } from '../../../backend/src/modules/devices/devices.events';
import { LicenseDevicesProjector } from '../../../backend/src/modules/devices/projections/license-devices.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new LicenseDevicesProjector(), deviceEvents);

describe('LicenseDevicesProjector', () => {
  it('keeps one row per activation, once', async () => {
    const licenseId = freshLicense();
    await projection.given(activated(licenseId, 'a', 1), activated(licenseId, 'a', 1), activated(licenseId, 'b', 2));
    expect(await devices(licenseId)).toEqual([
      { seat: 'owner', device_hash: hash('a'), name: 'Laptop', plugin_version: '1.4.0', activated_at: at(1), released_at: null, slot_free_at: null },
      { seat: 'owner', device_hash: hash('b'), name: 'Laptop', plugin_version: '1.4.0', activated_at: at(2), released_at: null, slot_free_at: null },
    ]);
  });

  it('releases the active activation only; a device activated again gets a row of its own', async () => {
    const licenseId = freshLicense();
    await projection.given(activated(licenseId, 'a', 1), released(licenseId, 'a', 5, 65), activated(licenseId, 'a', 70), released(licenseId, 'b', 71, 72));
    expect(await devices(licenseId)).toEqual([
      { seat: 'owner', device_hash: hash('a'), name: 'Laptop', plugin_version: '1.4.0', activated_at: at(1), released_at: at(5), slot_free_at: at(65) },
      { seat: 'owner', device_hash: hash('a'), name: 'Laptop', plugin_version: '1.4.0', activated_at: at(70), released_at: null, slot_free_at: null },
    ]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const licenseId = freshLicense();
    await projection.given(activated(licenseId, 'c', 1), released(licenseId, 'c', 3, 4), activated(licenseId, 'd', 5));
    const before = await devices(licenseId);
    await projection.replay();
    expect(await devices(licenseId)).toEqual(before);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const hash = (name: string) => name.repeat(64).slice(0, 64);
const freshLicense = () => `lic-${randomUUID()}`;

const activated = (licenseId: string, device: string, minute: number) =>
  DeviceActivated({ licenseId, seat: 'owner', deviceHash: hash(device), name: 'Laptop', pluginVersion: '1.4.0', at: at(minute) });
const released = (licenseId: string, device: string, minute: number, freeMinute: number) =>
  DeviceReleased({ licenseId, seat: 'owner', deviceHash: hash(device), byUserId: 'owner', at: at(minute), slotFreeAt: at(freeMinute) });

async function devices(licenseId: string) {
  const rows = await projection.rows(
    'select seat, device_hash, name, plugin_version, activated_at, released_at, slot_free_at from rm_license_devices where license_id = $1 order by activated_at, device_hash',
    [licenseId],
  );
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)])));
}
