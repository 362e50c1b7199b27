import { ModuleError } from '../../platform/common/module-error';

export class ResourceNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor(resourceId: string) {
    super(`There is no resource called "${resourceId}".`);
  }
}
