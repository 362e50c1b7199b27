import type { ErrorIssue } from '../../../../contracts/server-fn';

/**
 * An expected failure with a stable code. Modules subclass it (`checkout.price_missing`, …);
 * one filter turns it into the error envelope, so the client branches on `code`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailedError extends AppError {
  constructor(issues: ErrorIssue[], message = 'The request is not valid.') {
    super('VALIDATION_FAILED', 400, message, issues);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Sign in to continue.') {
    super('UNAUTHENTICATED', 401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this.') {
    super('FORBIDDEN', 403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super('NOT_FOUND', 404, message);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(readonly allowed: string) {
    super('METHOD_NOT_ALLOWED', 405, `Use ${allowed} for this function.`);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Someone else changed this at the same time; try again.') {
    super('CONFLICT', 409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request body is too large.') {
    super('PAYLOAD_TOO_LARGE', 413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(contentType: string) {
    super('UNSUPPORTED_MEDIA_TYPE', 415, `Send application/json, application/x-www-form-urlencoded or multipart/form-data, not ${contentType}.`);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message = 'Too many requests; slow down and try again shortly.',
    /** Sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super('RATE_LIMITED', 429, message);
  }
}

export class UnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable; try again shortly.') {
    super('UNAVAILABLE', 503, message);
  }
}
