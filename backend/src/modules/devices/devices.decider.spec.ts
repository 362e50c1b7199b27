import { fold } from '../../events/decider';
import { deviceDecider as decider, DeviceLimitReached, seatSlots, type DeviceCommand } from './devices.decider';
import type { DeviceEvent } from './devices.events';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const hash = (n: number) => n.toString(16).padStart(64, '0');

const activate = (device: number, when = 0, seat = 'owner', devicesPerSeat = 2): DeviceCommand => ({
  type: 'activate', licenseId: 'lic_1', seat, deviceHash: hash(device), name: `Vault ${device}`, pluginVersion: '4.2.0', devicesPerSeat, at: at(when),
});
const release = (device: number, when = 0): DeviceCommand => ({ type: 'release', licenseId: 'lic_1', deviceHash: hash(device), byUserId: 'owner-user', at: at(when) });

/** Runs commands in turn on one stream after `history`, as runCommand would. */
function runFrom(history: DeviceEvent[], ...commands: DeviceCommand[]): DeviceEvent[] {
  const events = [...history];
  for (const command of commands) events.push(...decider.decide(command, fold(decider, events)));
  return events;
}
const run = (...commands: DeviceCommand[]) => runFrom([], ...commands);
const refusal = (history: DeviceEvent[], command: DeviceCommand): DeviceLimitReached => {
  try {
    decider.decide(command, fold(decider, history));
  } catch (error) {
    if (error instanceof DeviceLimitReached) return error;
    throw error;
  }
  throw new Error('the activation was not refused');
};

describe('device activations of a license', () => {
  it('activates a new device once; the same device again changes nothing', () => {
    const events = run(activate(1), activate(1, HOUR));
    expect(events).toEqual([{ type: 'DeviceActivated', data: { licenseId: 'lic_1', seat: 'owner', deviceHash: hash(1), name: 'Vault 1', pluginVersion: '4.2.0', at: at(0) } }]);
  });

  it('gives each seat at most devicesPerSeat active devices, seats apart', () => {
    const events = run(activate(1), activate(2), activate(1, 0, 'a@example.com'), activate(2, 0, 'a@example.com'));
    expect(events).toHaveLength(4);
    expect(refusal(events, activate(3))).toMatchObject({ devicesPerSeat: 2, slotFreeAt: null, code: 'license.device_limit' });
    expect(refusal(events, activate(3, 0, 'a@example.com'))).toBeInstanceOf(DeviceLimitReached);
    expect(decider.decide(activate(1), fold(decider, events))).toEqual([]);
  });

  it('releasing an unknown or already released device changes nothing', () => {
    expect(run(release(9))).toEqual([]);
    const events = run(activate(1), release(1, HOUR), release(1, 2 * HOUR));
    expect(events.map((e) => e.type)).toEqual(['DeviceActivated', 'DeviceReleased']);
    expect(events[1]!.data).toMatchObject({ seat: 'owner', deviceHash: hash(1), byUserId: 'owner-user', at: at(HOUR), slotFreeAt: at(HOUR) });
  });

  it('frees the slot at once for the first two releases of a seat in 30 days; a third cools down for 24 h', () => {
    const history = run(activate(1), activate(2), release(1, 1 * DAY), activate(3, 1 * DAY), release(2, 2 * DAY), activate(4, 2 * DAY), release(3, 3 * DAY));
    const third = history.at(-1)!;
    expect(third).toMatchObject({ type: 'DeviceReleased', data: { at: at(3 * DAY), slotFreeAt: at(4 * DAY) } });
    expect(seatSlots(fold(decider, history), 'owner', at(3 * DAY))).toEqual({ active: 1, coolingUntil: [at(4 * DAY)] });
    expect(refusal(history, activate(5, 3 * DAY + 23 * HOUR))).toMatchObject({ devicesPerSeat: 2, slotFreeAt: at(4 * DAY) });
    expect(decider.decide(activate(5, 4 * DAY), fold(decider, history)).map((e) => e.type)).toEqual(['DeviceActivated']);
  });

  it('counts releases in a rolling 30 days, per seat', () => {
    const history = run(activate(1), activate(2), activate(7, 0, 'a@example.com'), release(1, 0), activate(3, DAY), release(2, 10 * DAY), activate(4, 11 * DAY));
    expect(runFrom(history, release(7, 10 * DAY)).at(-1)!.data).toMatchObject({ seat: 'a@example.com', slotFreeAt: at(10 * DAY) });
    // On day 29 both earlier releases are within 30 days; on day 30 the first has left the window.
    expect(runFrom(history, release(3, 29 * DAY)).at(-1)!.data).toMatchObject({ seat: 'owner', slotFreeAt: at(30 * DAY) });
    expect(runFrom(history, release(3, 30 * DAY)).at(-1)!.data).toMatchObject({ seat: 'owner', slotFreeAt: at(30 * DAY) });
    expect(runFrom(history, release(3, 30 * DAY - 1)).at(-1)!.data).toMatchObject({ slotFreeAt: at(31 * DAY - 1) });
  });

  it('releases a device from every seat it is active under', () => {
    const events = run(activate(1), activate(1, 0, 'a@example.com'), release(1, HOUR));
    expect(events.slice(2).map((e) => e.data)).toEqual([
      expect.objectContaining({ seat: 'owner', deviceHash: hash(1) }),
      expect.objectContaining({ seat: 'a@example.com', deviceHash: hash(1) }),
    ]);
  });
});
