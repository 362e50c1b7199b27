import { ModuleError } from '../../platform/common/module-error';

/** Usage that would take the balance below zero: nothing is debited. */
export class InsufficientCreditsError extends ModuleError {
  static readonly code = 'insufficient_credits';
  static readonly status = 402;
  constructor(
    readonly available: number,
    requested: number,
  ) {
    super(`This request needs ${requested.toLocaleString('en-US')} credits and ${available.toLocaleString('en-US')} are left.`);
  }
}

/** The usage report's license key is not one that can be debited now. */
export class DebitLicenseRejectedError extends ModuleError {
  static readonly code = 'license_rejected';
  static readonly status = 403;
  constructor(reason: string) {
    super(`The license key is not accepted (${reason}); nothing was debited.`);
  }
}

/** The site has no CREDITS_API_TOKEN, so no service can report usage. */
export class DebitsNotConfiguredError extends ModuleError {
  static readonly code = 'debits_not_configured';
  static readonly status = 503;
  constructor() {
    super('Usage debits are not configured on this site (CREDITS_API_TOKEN is unset).');
  }
}

export class DebitTokenInvalidError extends ModuleError {
  static readonly code = 'unauthenticated';
  static readonly status = 401;
  constructor() {
    super('A valid bearer token is required.');
  }
}
