import type { Decider } from '../../events/decider';
import { COOL_DOWN_HOURS, FREE_RELEASES_PER_WINDOW, RELEASE_WINDOW_DAYS } from '../../../../contracts/plugin/device-release-rule';
import { DeviceActivated, DeviceReleased, type DeviceEvent } from './devices.events';
import { DeviceLimitReached } from './devices.errors';

const HOUR_MS = 60 * 60 * 1000;
export const RELEASE_WINDOW_MS = RELEASE_WINDOW_DAYS * 24 * HOUR_MS;
const COOL_DOWN_MS = COOL_DOWN_HOURS * HOUR_MS;

export type DeviceCommand =
  | {
      type: 'ActivateDevice';
      licenseId: string;
      seat: string;
      deviceHash: string;
      name: string | null;
      pluginVersion: string | null;
      devicesPerSeat: number;
      at: string;
    }
  | { type: 'ReleaseDevice'; licenseId: string; deviceHash: string; byUserId: string; at: string };

export interface DeviceState {
  active: Array<{ seat: string; deviceHash: string }>;
  releases: Array<{ seat: string; at: string; slotFreeAt: string }>;
}

const time = (iso: string) => Date.parse(iso);

/** The seat's slots in use at `at`: its active devices, and when each cooling slot frees. */
export function seatSlots(state: DeviceState, seat: string, at: string): { active: number; coolingUntil: string[] } {
  const now = time(at);
  return {
    active: state.active.filter((d) => d.seat === seat).length,
    coolingUntil: state.releases
      .filter((r) => r.seat === seat && time(r.slotFreeAt) > now)
      .map((r) => r.slotFreeAt)
      .sort(),
  };
}

/** A release frees its slot at once unless the seat already had its free releases in the rolling window. */
function slotFreeAt(state: DeviceState, seat: string, at: string): string {
  const now = time(at);
  const recent = state.releases.filter((r) => r.seat === seat && now - time(r.at) < RELEASE_WINDOW_MS).length;
  return recent < FREE_RELEASES_PER_WINDOW ? at : new Date(now + COOL_DOWN_MS).toISOString();
}

export const deviceDecider: Decider<DeviceCommand, DeviceEvent, DeviceState> = {
  events: [DeviceActivated, DeviceReleased],
  initialState: () => ({ active: [], releases: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'DeviceActivated':
        return { ...state, active: [...state.active, { seat: event.data.seat, deviceHash: event.data.deviceHash }] };
      case 'DeviceReleased': {
        const { seat, deviceHash, at, slotFreeAt } = event.data;
        return {
          active: state.active.filter((d) => !(d.seat === seat && d.deviceHash === deviceHash)),
          releases: [...state.releases, { seat, at, slotFreeAt }],
        };
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ActivateDevice': {
        if (state.active.some((d) => d.seat === command.seat && d.deviceHash === command.deviceHash)) return [];
        const slots = seatSlots(state, command.seat, command.at);
        if (slots.active + slots.coolingUntil.length >= command.devicesPerSeat)
          throw new DeviceLimitReached(command.devicesPerSeat, slots.coolingUntil[0] ?? null);
        const { licenseId, seat, deviceHash, name, pluginVersion, at } = command;
        return [DeviceActivated({ licenseId, seat, deviceHash, name, pluginVersion, at })];
      }
      case 'ReleaseDevice':
        // One device can be active under two seats of a license (the owner's key and a seat key in one vault): it leaves both.
        return state.active
          .filter((d) => d.deviceHash === command.deviceHash)
          .map(({ seat }) =>
            DeviceReleased({
              licenseId: command.licenseId,
              seat,
              deviceHash: command.deviceHash,
              byUserId: command.byUserId,
              at: command.at,
              slotFreeAt: slotFreeAt(state, seat, command.at),
            }),
          );
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
