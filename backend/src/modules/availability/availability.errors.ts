import { AppError } from '../../platform/common/app-error';

export class NotAHostError extends AppError {
  constructor() {
    super('booking.not_a_host', 403, 'Only hosts set availability. Ask an administrator to make your account a host.');
  }
}
