import { Inject, Injectable } from '@nestjs/common';
import type { Envelope } from '../../../contracts/server-fn';
import { AppError, MethodNotAllowedError, NotFoundError, RateLimitedError, ValidationFailedError } from '../common/app-error';
import { toErrorIssues } from '../common/zod-issues';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { ServerFnRegistry } from './server-fn.registry';
import type { ServerFnContext } from './server-fn-context';
import { ServerRedirectSignal } from './server-redirect';

export interface ServerFnAnswer {
  status: number;
  envelope: Envelope;
  /** Headers the answer needs beside its envelope (Retry-After on a 429). */
  headers?: Record<string, string>;
}

/**
 * Runs one server function: contract lookup, input validation, the handler, and the mapping of
 * what it returned or threw to an envelope. Shared by the HTTP transport and server rendering.
 */
@Injectable()
export class ServerFnInvoker {
  constructor(
    private readonly registry: ServerFnRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invoke(id: string, method: string, rawInput: unknown, context: ServerFnContext): Promise<ServerFnAnswer> {
    try {
      const registered = this.registry.find(id);
      if (!registered) throw new NotFoundError(`There is no server function called "${id}".`);
      const { contract, handler } = registered;
      if (method !== contract.method && !(method === 'HEAD' && contract.method === 'GET')) {
        throw new MethodNotAllowedError(contract.method);
      }
      const input = contract.input.safeParse(rawInput);
      if (!input.success) throw new ValidationFailedError(toErrorIssues(input.error));
      const result = await handler(input.data, context);
      if (this.config.NODE_ENV !== 'production') {
        const output = contract.output.safeParse(result);
        if (!output.success) {
          context.log.error({ fn: id, issues: output.error.issues }, 'server function output breaks its contract');
          throw new Error(`Output of ${id} does not match its contract`);
        }
      }
      return { status: 200, envelope: { result } };
    } catch (error) {
      return this.answerFor(error, id, context);
    }
  }

  private answerFor(error: unknown, id: string, context: ServerFnContext): ServerFnAnswer {
    if (error instanceof ServerRedirectSignal) return { status: 200, envelope: { redirect: error.redirect } };
    if (error instanceof AppError) {
      if (error.status >= 500) context.log.warn({ fn: id, code: error.code }, error.message);
      return {
        status: error.status,
        envelope: {
          error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
        },
        ...(error instanceof RateLimitedError && error.retryAfterSeconds !== undefined ? { headers: { 'retry-after': String(error.retryAfterSeconds) } } : {}),
      };
    }
    context.log.error({ fn: id, err: error }, 'server function failed');
    return {
      status: 500,
      envelope: { error: { code: 'INTERNAL', message: 'Something went wrong on our side; please try again.' } },
    };
  }
}
