import { ModuleError } from '../../platform/common/module-error';

/** Every slot of the seat is taken (by active devices, or released ones still cooling down). */
export class DeviceLimitReached extends ModuleError {
  static readonly code = 'license.device_limit';
  static readonly status = 409;
  constructor(
    readonly devicesPerSeat: number,
    /** When the first cooling slot frees, if one is cooling. */
    readonly slotFreeAt: string | null,
  ) {
    super(`All ${devicesPerSeat} device slots of this seat are taken.`);
  }
}
