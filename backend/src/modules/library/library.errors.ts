import { ModuleError } from '../../platform/common/module-error';
import type { Resource } from '../../../../contracts/catalog/resource';
import { isFree } from '../../../../contracts/catalog/resource-rules';
import type { Entitlement } from './entitlement';

/** A resource that exists but is not the caller's: a 404 like an unknown one, whose message says how to get it. */
export class NotEntitledError extends ModuleError {
  static readonly code = 'library.not_entitled';
  static readonly status = 404;
  constructor(resource: Resource, entitlement: Extract<Entitlement, { entitled: false }>) {
    super(howToGet(resource, entitlement.reason));
  }
}

export class LibraryFileNotFoundError extends ModuleError {
  static readonly code = 'library.file_not_found';
  static readonly status = 404;
  constructor(name: string) {
    super(`"${name.slice(0, 200)}" is not one of this resource's files. Open the resource in your library to see its files.`);
  }
}

/** Plans and credit packs are used from the dashboard, not opened in the library. */
export class NotInLibraryError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('Plans and credit packs are in your dashboard, not the library.');
  }
}

export class LibraryResourceNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('There is no such resource.');
  }
}

function howToGet(resource: Resource, reason: Extract<Entitlement, { entitled: false }>['reason']): string {
  if (reason === 'refunded') return `${resource.title} was refunded, so it is no longer in your library. Buy it again from its page to get it back.`;
  if (resource.accessType === 'subscription') {
    return reason === 'plan_ended'
      ? `${resource.title} comes with an active plan, and yours has ended. Choose a plan to open it again.`
      : `${resource.title} comes with every plan. Choose a plan to open it.`;
  }
  if (isFree(resource)) return `${resource.title} is free: add it to your account from its page.`;
  if (resource.type === 'session') return `${resource.title} is booked on the sessions page.`;
  return `${resource.title} is not in your library yet. Buy it from its page to open it here.`;
}
