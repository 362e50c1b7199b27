import { ModuleError } from '../../platform/common/module-error';

/** A replay is requested once, then completed or failed once: any other order is refused. */
export abstract class ReplayRuleError extends ModuleError {}

export class UnknownProjectorError extends ReplayRuleError {
  static readonly code = 'admin.unknown_projector';
  static readonly status = 400;
  constructor(projector: string) {
    super(`There is no read model called ${projector}.`);
  }
}

export class ReplayExistsError extends ReplayRuleError {
  static readonly code = 'admin.replay_exists';
  static readonly status = 409;
  constructor(replayId: string) {
    super(`Replay ${replayId} was already requested.`);
  }
}

export class ReplayNotRunningError extends ReplayRuleError {
  static readonly code = 'admin.replay_not_running';
  static readonly status = 409;
  constructor(replayId: string) {
    super(`Replay ${replayId} is not running.`);
  }
}

/** A rebuild of the same read model is queued or running: one at a time. */
export class ReplayUnderWayError extends ModuleError {
  static readonly code = 'CONFLICT';
  static readonly status = 409;
  constructor(projector: string) {
    super(`A rebuild of ${projector} is already under way.`);
  }
}

export class ReplayNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('No such replay.');
  }
}

/**
 * A support admin asked for what only an owner may do (an owner's page or operation). The same
 * code as support's refusal of an owner-only action: the console answers both alike.
 */
export class OwnerOnlyError extends ModuleError {
  static readonly code = 'admin.owner_only';
  static readonly status = 403;
  constructor() {
    super('Only an owner can do this. Ask an owner, or use an action support can take.');
  }
}
