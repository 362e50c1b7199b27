import { ModuleError } from '../../platform/common/module-error';

export class NotAHostError extends ModuleError {
  static readonly code = 'booking.not_a_host';
  static readonly status = 403;
  constructor() {
    super('Only hosts set availability. Ask an administrator to make your account a host.');
  }
}
