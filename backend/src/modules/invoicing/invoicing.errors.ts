import { ModuleError } from '../../platform/common/module-error';

/** No document by that number for the signed-in account: someone else's reads the same as none. */
export class BillingDocumentNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('No invoice or credit note by that number on your account.');
  }
}
