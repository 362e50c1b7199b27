import { ModuleError } from '../../platform/common/module-error';

export class DisputeNotFoundError extends ModuleError {
  static readonly code = 'disputes.not_found';
  static readonly status = 404;
  constructor() {
    super('No such dispute.');
  }
}

/** Evidence goes to Stripe once: after that the dispute is under review and takes no more. */
export class DisputeAlreadySubmittedError extends ModuleError {
  static readonly code = 'disputes.already_submitted';
  static readonly status = 409;
  constructor(disputeId: string) {
    super(`The evidence for dispute ${disputeId} was already submitted.`);
  }
}

/** Stripe refused the evidence (a closed dispute, a field too long): the admin sees Stripe's reason. */
export class DisputeSubmissionRefusedError extends ModuleError {
  static readonly code = 'disputes.submission_refused';
  static readonly status = 422;
  constructor(message: string) {
    super(`Stripe refused the evidence: ${message}`);
  }
}

/** The evidence download asked for a dispute with no evidence assembled (or no such dispute). */
export class DisputeEvidenceNotFoundError extends ModuleError {
  static readonly code = 'disputes.no_evidence';
  static readonly status = 404;
  constructor() {
    super('No evidence for that dispute.');
  }
}
