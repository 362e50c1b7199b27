import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { stripeRefusal } from './stripe-refusal';
import { AppError, RateLimitedError, UnavailableError } from './app-error';
import { PERSONAL } from './http/cache-control';
import { rootLogger } from './logger';
import { isTransientDatabaseError } from './transient-database-error';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The last word on any error: the JSON error envelope, and never a stack trace to the client. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request & { log?: Logger }>();
    if (res.headersSent) return;
    // Postgres refusing connections is a moment's trouble, not a fault: the same request works shortly.
    if (isTransientDatabaseError(exception)) {
      (req.log ?? rootLogger()).warn({ err: exception }, 'request met a transient database failure');
      exception = new UnavailableError('We are very busy right now; please try again in a moment.');
    }
    // A Stripe refusal nobody handled is a coded 4xx (or a 503), logged with Stripe's request id.
    exception = stripeRefusal(exception, req.log ?? rootLogger()) ?? exception;
    const { status, code, message, issues } = describe(exception);
    if (status >= 500) (req.log ?? rootLogger()).error({ err: exception }, 'request failed');
    if (exception instanceof RateLimitedError && exception.retryAfterSeconds !== undefined) res.setHeader('retry-after', String(exception.retryAfterSeconds));
    // An error is about this request alone; a cache must not hand it to the next one.
    res
      .status(status)
      .setHeader('cache-control', PERSONAL)
      .json({ error: { code, message, ...(issues ? { issues } : {}) } });
  }
}

function describe(exception: unknown) {
  if (exception instanceof AppError) {
    return { status: exception.status, code: exception.code, message: exception.message, issues: exception.issues };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    return { status, code, message: status >= 500 ? 'Something went wrong on our side.' : exception.message, issues: undefined };
  }
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side; please try again.', issues: undefined };
}
