import { deciderSpec } from '../../../../test/support/decider-spec';
import { deviceDecider as decider, seatSlots, type DeviceCommand } from './devices.decider';
import { DeviceLimitReached } from './devices.errors';

const spec = deciderSpec(decider);
const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const hash = (n: number) => n.toString(16).padStart(64, '0');

const activate = (device: number, when = 0, seat = 'owner', devicesPerSeat = 2): DeviceCommand => ({
  type: 'ActivateDevice',
  licenseId: 'lic_1',
  seat,
  deviceHash: hash(device),
  name: `Vault ${device}`,
  pluginVersion: '4.2.0',
  devicesPerSeat,
  at: at(when),
});
const release = (device: number, when = 0): DeviceCommand => ({
  type: 'ReleaseDevice',
  licenseId: 'lic_1',
  deviceHash: hash(device),
  byUserId: 'owner-user',
  at: at(when),
});
const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('device activations of a license', () => {
  it('activates a new device once; the same device again changes nothing', () => {
    spec
      .given([])
      .when(activate(1), activate(1, HOUR))
      .then([
        { type: 'DeviceActivated', data: { licenseId: 'lic_1', seat: 'owner', deviceHash: hash(1), name: 'Vault 1', pluginVersion: '4.2.0', at: at(0) } },
      ]);
  });

  it('gives each seat at most devicesPerSeat active devices, seats apart', () => {
    const fourDevices = [activate(1), activate(2), activate(1, 0, 'a@example.com'), activate(2, 0, 'a@example.com')];
    spec
      .given([])
      .when(...fourDevices)
      .then((events) => expect(events).toHaveLength(4));
    const full = spec.givenCommands(...fourDevices);
    full.when(activate(3)).thenThrows(DeviceLimitReached, { devicesPerSeat: 2, slotFreeAt: null, code: 'license.device_limit' });
    full.when(activate(3, 0, 'a@example.com')).thenThrows(DeviceLimitReached);
    full.when(activate(1)).then([]);
  });

  it('releasing an unknown or already released device changes nothing', () => {
    spec.given([]).when(release(9)).then([]);
    spec
      .given([])
      .when(activate(1), release(1, HOUR), release(1, 2 * HOUR))
      .then((events) => {
        expect(types(events)).toEqual(['DeviceActivated', 'DeviceReleased']);
        expect(events[1]!.data).toMatchObject({ seat: 'owner', deviceHash: hash(1), byUserId: 'owner-user', at: at(HOUR), slotFreeAt: at(HOUR) });
      });
  });

  it('frees the slot at once for the first two releases of a seat in 30 days; a third cools down for 24 h', () => {
    const history = [activate(1), activate(2), release(1, 1 * DAY), activate(3, 1 * DAY), release(2, 2 * DAY), activate(4, 2 * DAY), release(3, 3 * DAY)];
    spec
      .given([])
      .when(...history)
      .then((events, state) => {
        expect(events.at(-1)!).toMatchObject({ type: 'DeviceReleased', data: { at: at(3 * DAY), slotFreeAt: at(4 * DAY) } });
        expect(seatSlots(state, 'owner', at(3 * DAY))).toEqual({ active: 1, coolingUntil: [at(4 * DAY)] });
      });
    spec
      .givenCommands(...history)
      .when(activate(5, 3 * DAY + 23 * HOUR))
      .thenThrows(DeviceLimitReached, { devicesPerSeat: 2, slotFreeAt: at(4 * DAY) });
    spec
      .givenCommands(...history)
      .when(activate(5, 4 * DAY))
      .then((events) => expect(types(events)).toEqual(['DeviceActivated']));
  });

  it('counts releases in a rolling 30 days, per seat', () => {
    const history = spec.givenCommands(
      activate(1),
      activate(2),
      activate(7, 0, 'a@example.com'),
      release(1, 0),
      activate(3, DAY),
      release(2, 10 * DAY),
      activate(4, 11 * DAY),
    );
    history.when(release(7, 10 * DAY)).then((events) => expect(events.at(-1)!.data).toMatchObject({ seat: 'a@example.com', slotFreeAt: at(10 * DAY) }));
    // On day 29 both earlier releases are within 30 days; on day 30 the first has left the window.
    history.when(release(3, 29 * DAY)).then((events) => expect(events.at(-1)!.data).toMatchObject({ seat: 'owner', slotFreeAt: at(30 * DAY) }));
    history.when(release(3, 30 * DAY)).then((events) => expect(events.at(-1)!.data).toMatchObject({ seat: 'owner', slotFreeAt: at(30 * DAY) }));
    history.when(release(3, 30 * DAY - 1)).then((events) => expect(events.at(-1)!.data).toMatchObject({ slotFreeAt: at(31 * DAY - 1) }));
  });

  it('releases a device from every seat it is active under', () => {
    spec
      .givenCommands(activate(1), activate(1, 0, 'a@example.com'))
      .when(release(1, HOUR))
      .then((events) =>
        expect(events.map((e) => e.data)).toEqual([
          expect.objectContaining({ seat: 'owner', deviceHash: hash(1) }),
          expect.objectContaining({ seat: 'a@example.com', deviceHash: hash(1) }),
        ]),
      );
  });
});
