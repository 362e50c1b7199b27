import { ModuleError } from '../../platform/common/module-error';

/** The manage-email link's signature does not match the address (tampered with, or made for another). */
export class ManageLinkInvalidError extends ModuleError {
  static readonly code = 'email.link_invalid';
  static readonly status = 403;
  constructor() {
    super('This link does not work for this address any more. Ask for a fresh one below and we will email it to you.');
  }
}
