import { ModuleError } from '../../platform/common/module-error';

/** Someone else's license looks the same as none: nothing about it is revealed. */
export class LicenseNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('There is no such license on your account.');
  }
}

/** A rule of a license's seats and key refused the owner's change. */
export abstract class SeatError extends ModuleError {}

export class SeatAlreadyGivenError extends SeatError {
  static readonly code = 'license.seat_already_given';
  static readonly status = 409;
  constructor(email: string) {
    super(`${email} already has a seat on this license.`);
  }
}

const INACTIVE = {
  key: 'A revoked license has no key to replace.',
  seats: 'This license is no longer active, so its seats cannot be given out.',
} as const;

/** Revoked or ended: its key cannot be replaced, nor its seats given out. */
export class LicenseInactiveError extends SeatError {
  static readonly code = 'license.inactive';
  static readonly status = 409;
  constructor(refused: keyof typeof INACTIVE) {
    super(INACTIVE[refused]);
  }
}

export class SeatOwnerError extends SeatError {
  static readonly code = 'license.seat_owner';
  static readonly status = 409;
  constructor() {
    super('That is your own address: your seat is already yours.');
  }
}

export class NoSeatsLeftError extends SeatError {
  static readonly code = 'license.no_seats_left';
  static readonly status = 409;
  constructor(seats: number) {
    super(`All ${seats} seats are in use. Remove someone first, or buy more seats.`);
  }
}
