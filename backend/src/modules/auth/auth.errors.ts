import { ModuleError } from '../../platform/common/module-error';

/** A support admin asked for what only an owner may do (extend, revoke, refund, cancel). */
export class OwnerOnlyError extends ModuleError {
  static readonly code = 'admin.owner_only';
  static readonly status = 403;
  constructor() {
    super('Only an owner can do this. Ask an owner, or use an action support can take.');
  }
}
