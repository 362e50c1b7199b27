import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { StreamVersionConflictError } from '../../../backend/src/events/event-store.errors';
import { ActivateDevice, ActivateDeviceHandler } from '../../../backend/src/modules/devices/commands/activate-device.handler';
import { SeenDevices } from '../../../backend/src/modules/devices/commands/seen-devices';
import { deviceEvents, deviceStreamId } from '../../../backend/src/modules/devices/devices.events';
import { readDevice } from '../../../backend/src/modules/devices/device-header';
import { testPool } from '../../support/test-events';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool();
  store = new EventStore(pool, new EventRegistry().register(...deviceEvents));
});
afterAll(() => pool.end());

describe('device activations on the event store', () => {
  it("8 new devices activating at once through 8 instances (as 8 processes would) take exactly the seat's slots, by the stream's optimistic concurrency", async () => {
    let conflicts = 0;
    const counting = Object.create(store) as EventStore;
    counting.append = async (...args) => {
      try {
        return await store.append(...args);
      } catch (error) {
        if (error instanceof StreamVersionConflictError) conflicts += 1;
        throw error;
      }
    };
    const license = { licenseId: `lic_${randomUUID()}`, seatEmail: null, devicesPerSeat: 3 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new ActivateDeviceHandler(counting, new SeenDevices()).execute(
          new ActivateDevice(license, readDevice(`device-${randomUUID()}`, `Vault ${i}`)!, '4.2.0', randomUUID()),
        ),
      ),
    );
    expect(answers.filter((a) => a.kind === 'active')).toHaveLength(3);
    expect(answers.filter((a) => a.kind === 'full')).toEqual(Array.from({ length: 5 }, () => ({ kind: 'full', devicesPerSeat: 3, slotFreeAt: null })));
    expect((await store.readStreamRecords(deviceStreamId(license.licenseId))).map((e) => e.type)).toEqual([
      'DeviceActivated',
      'DeviceActivated',
      'DeviceActivated',
    ]);
    expect(conflicts).toBeGreaterThan(0);
  });

  it('a device already active takes no second slot, even checking from two instances at once', async () => {
    const license = { licenseId: `lic_${randomUUID()}`, seatEmail: 'seat@example.com', devicesPerSeat: 1 };
    const device = readDevice(`device-${randomUUID()}`, undefined)!;
    const answers = await Promise.all(
      [new ActivateDeviceHandler(store, new SeenDevices()), new ActivateDeviceHandler(store, new SeenDevices())].map((activations) =>
        activations.execute(new ActivateDevice(license, device, null, randomUUID())),
      ),
    );
    expect(answers).toEqual([{ kind: 'active' }, { kind: 'active' }]);
    expect(await store.readStreamRecords(deviceStreamId(license.licenseId))).toHaveLength(1);
  });
});
