import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import { licenseDecider, type LicenseEvent, type LicenseState } from '../licenses';
import { deviceDecider, type DeviceEvent, type DeviceState } from '../devices';
import { isoOf } from './moment-time';

/**
 * A license as the decider folds it, with what the page shows that its state does not keep
 * (the decider needs no kind, key hint, subscription or dates to decide): read from the same events.
 */
export interface LicenseMoment {
  state: LicenseState;
  kind: string;
  keyHint: string;
  subscriptionId: string | null;
  grantedAt: string;
  seatAddedAt: ReadonlyMap<string, string>;
}

export const emptyLicense = (): LicenseMoment => ({
  state: licenseDecider.initialState(),
  kind: '',
  keyHint: '',
  subscriptionId: null,
  grantedAt: '',
  seatAddedAt: new Map(),
});

export function evolveLicense(moment: LicenseMoment, event: LicenseEvent): LicenseMoment {
  const state = licenseDecider.evolve(moment.state, event);
  switch (event.type) {
    case 'LicenseGranted':
      return {
        ...moment,
        state,
        kind: event.data.kind,
        keyHint: event.data.keyHint,
        subscriptionId: event.data.source.subscriptionId,
        grantedAt: isoOf(event.data.grantedAt),
      };
    case 'LicenseKeyRotated':
      return { ...moment, state, keyHint: event.data.keyHint };
    case 'SeatAssigned':
      return { ...moment, state, seatAddedAt: new Map(moment.seatAddedAt).set(event.data.email, isoOf(event.data.at)) };
    default:
      return { ...moment, state };
  }
}

interface Activation {
  seat: string;
  deviceHash: string;
  name: string | null;
  pluginVersion: string | null;
  activatedAt: string;
  releasedAt: string | null;
}

/**
 * A license's devices as the decider folds them (the ones active now, and the releases that count
 * against a seat), with every activation the page lists: the decider keeps no names, versions or
 * activation times, nor a device once released.
 */
export interface DevicesMoment {
  state: DeviceState;
  activations: readonly Activation[];
}

export const emptyDevices = (): DevicesMoment => ({ state: deviceDecider.initialState(), activations: [] });

export function evolveDevices(moment: DevicesMoment, event: DeviceEvent): DevicesMoment {
  const state = deviceDecider.evolve(moment.state, event);
  const d = event.data;
  switch (event.type) {
    case 'DeviceActivated':
      return {
        state,
        activations: [
          ...moment.activations,
          {
            seat: d.seat,
            deviceHash: d.deviceHash,
            name: event.data.name,
            pluginVersion: event.data.pluginVersion,
            activatedAt: isoOf(d.at),
            releasedAt: null,
          },
        ],
      };
    case 'DeviceReleased':
      return {
        state,
        activations: moment.activations.map((a) =>
          a.seat === d.seat && a.deviceHash === d.deviceHash && a.releasedAt === null ? { ...a, releasedAt: isoOf(d.at) } : a,
        ),
      };
    default:
      return { ...moment, state };
  }
}

type LicenseView = AccountMoment['licenses'][number];

export function licenseView(moment: LicenseMoment, devicesByLicense: ReadonlyMap<string, DevicesMoment>): LicenseView | null {
  const { state } = moment;
  if (state.status === 'none') return null;
  const devices = devicesByLicense.get(state.licenseId);
  return {
    licenseId: state.licenseId,
    plan: state.terms.plan,
    kind: moment.kind,
    status: state.status,
    keyHint: moment.keyHint,
    seats: state.seats,
    devicesPerSeat: state.terms.devicesPerSeat,
    validUntil: state.validUntil === null ? null : isoOf(state.validUntil),
    subscriptionId: moment.subscriptionId,
    grantedAt: moment.grantedAt,
    seatHolders: state.seatHolders
      .map((seat) => ({ email: seat.email, addedAt: moment.seatAddedAt.get(seat.email) ?? moment.grantedAt }))
      .sort((a, b) => a.addedAt.localeCompare(b.addedAt)),
    devices: (devices?.activations ?? [])
      .map(({ seat, name, pluginVersion, activatedAt, releasedAt }) => ({ seat, name, pluginVersion, activatedAt, releasedAt }))
      .sort((a, b) => b.activatedAt.localeCompare(a.activatedAt)),
  };
}
