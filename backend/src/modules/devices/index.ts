/** The devices module's public surface: other modules, the app and the CLI import only this. */
export { ActivateDevice, type SeatCheck } from './commands/activate-device.handler';
export { ReleaseDevice } from './commands/release-device.handler';
export { readDevice } from './device-header';
export { deviceLimitMessage } from './device-limit-message';
export { readLicenseDeviceSeats } from './license-device-seats';
export { deviceStreamKinds } from './devices.stream-kinds';
export { DevicesModule } from './devices.module';
export type { LicenseDeviceTables } from './projections/license-devices.entity';
export { deviceDecider, type DeviceState } from './devices.decider';
export { deviceEvents, type DeviceEvent } from './devices.events';
export { readLicensesDevices } from './devices.reads';
export { deviceStreamId } from './devices.events';
