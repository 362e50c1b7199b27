import { ModuleError } from '../../platform/common/module-error';

/** Someone else holds or booked an overlapping time (or its buffer). */
export class SlotTakenError extends ModuleError {
  static readonly code = 'booking.slot_taken';
  static readonly status = 409;
  constructor() {
    super('That time was just taken by someone else. Please pick another slot.');
  }
}

/** The host's hours or rules no longer offer this time (or the host is gone). */
export class SlotUnavailableError extends ModuleError {
  static readonly code = 'booking.slot_unavailable';
  static readonly status = 409;
  constructor() {
    super('That time is no longer open. Please pick another slot.');
  }
}

export class NotASessionError extends ModuleError {
  static readonly code = 'booking.not_a_session';
  static readonly status = 404;
  constructor() {
    super('There is no such session type.');
  }
}

export class TooManyHoldsError extends ModuleError {
  static readonly code = 'booking.too_many_holds';
  static readonly status = 409;
  constructor(maxOpenHolds: number) {
    super(
      `You are already holding ${maxOpenHolds} times while paying. Finish or cancel one of those checkouts (Dashboard → Pending payments), or wait 30 minutes.`,
    );
  }
}

/** Not a booking of this customer (or only a hold): someone else's looks the same as none. */
export class BookingNotFoundError extends ModuleError {
  static readonly code = 'booking.not_found';
  static readonly status = 404;
  constructor() {
    super('There is no such booking on your account.');
  }
}

/** Not an upcoming session on this host's calendar. */
export class HostSessionNotFoundError extends ModuleError {
  static readonly code = 'booking.not_found';
  static readonly status = 404;
  constructor() {
    super('There is no such upcoming session on your calendar.');
  }
}

export class TooLateToRescheduleError extends ModuleError {
  static readonly code = 'booking.too_late';
  static readonly status = 409;
  constructor() {
    super('Sessions can be moved up to 24 hours before they start. Cancel it instead, or write to support.');
  }
}
