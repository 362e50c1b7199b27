/** The devices module's public surface: other modules, the app and the CLI import only this. */
export { DeviceActivations } from './commands/device-activations';
export { readDevice } from './device-header';
export { deviceLimitMessage } from './device-limit-message';
export { readLicenseDeviceSeats } from './license-device-seats';
export { DevicesModule } from './devices.module';
export type { SeatCheck } from './commands/device-activations';
export type { LicenseDeviceTables } from './projections/license-devices.entity';
