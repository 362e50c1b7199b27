import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Envelope } from '../../../contracts/server-fn';
import { AppError, MethodNotAllowedError, NotFoundError, RateLimitedError, UnavailableError, ValidationFailedError } from '../platform/common/app-error';
import { isTransientDatabaseError } from '../platform/common/transient-database-error';
import { toErrorIssues } from '../platform/common/zod-issues';
import { stripeRefusal } from '../platform/common/stripe-refusal';
import { APP_CONFIG } from '../platform/config/config.module';
import type { AppConfig } from '../platform/config/config.schema';
import { isProductionMode } from '../platform/config/production-mode';
import { AdminGate, type AdminAudit, type AdminCaller, type AdminOperationOutcome } from './admin-operation';
import { ServerFnRegistry } from './server-fn.registry';
import type { ServerFnContext } from './server-fn-context';
import { ServerRedirectSignal } from './server-redirect';
import { refuseUnsafeStrings } from './unsafe-strings';

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
  /** Answers already checked against their contract: a kept answer (the catalog's lists) is checked once, not per request. */
  private readonly checkedOutputs = new WeakSet<object>();

  constructor(
    private readonly registry: ServerFnRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly gate?: AdminGate,
  ) {}

  async invoke(id: string, method: string, rawInput: unknown, context: ServerFnContext): Promise<ServerFnAnswer> {
    try {
      const registered = this.registry.find(id);
      if (!registered) throw new NotFoundError(`There is no server function called "${id}".`);
      const { contract, handler } = registered;
      if (method !== contract.method && !(method === 'HEAD' && contract.method === 'GET')) {
        throw new MethodNotAllowedError(contract.method);
      }
      // The role before the input: who may not run an operation learns nothing from how its input is refused.
      const caller = registered.admin ? await this.adminGate().admit(registered.admin.role, context) : undefined;
      // Here, not in each contract: the HTTP transport and server rendering both pass through.
      refuseUnsafeStrings(rawInput);
      const input = contract.input.safeParse(rawInput);
      if (!input.success) throw new ValidationFailedError(toErrorIssues(input.error));
      const result =
        caller && registered.admin
          ? await this.runAudited(id, registered.admin.audit, caller, input.data, { ...context, admin: caller }, handler)
          : await handler(input.data, context);
      if (!isProductionMode(this.config) && !(isObject(result) && this.checkedOutputs.has(result))) {
        const output = contract.output.safeParse(result);
        if (!output.success) {
          context.log.error({ fn: id, issues: output.error.issues }, 'server function output breaks its contract');
          throw new Error(`Output of ${id} does not match its contract`);
        }
        if (isObject(result)) this.checkedOutputs.add(result);
      }
      return { status: 200, envelope: { result } };
    } catch (error) {
      return this.answerFor(error, id, context);
    }
  }

  private adminGate(): AdminGate {
    if (!this.gate) throw new Error('An admin operation is declared but no AdminGate is provided');
    return this.gate;
  }

  /** Runs an admin operation and, if it is audited here, records how it ended, whichever way. */
  private async runAudited(
    id: string,
    audit: AdminAudit<never, never>,
    caller: AdminCaller,
    input: unknown,
    context: ServerFnContext,
    handler: (input: unknown, context: ServerFnContext) => unknown,
  ): Promise<unknown> {
    if (audit.kind !== 'recorded') return handler(input, context);
    const { target, reason, outcome } = audit as Extract<AdminAudit<unknown, unknown>, { kind: 'recorded' }>;
    const record = (ended: AdminOperationOutcome) =>
      this.adminGate().record({ operation: id, caller, target: target(input), reason: reason ? reason(input) : null, outcome: ended }, context);
    let result: unknown;
    try {
      result = await handler(input, context);
    } catch (error) {
      if (!(error instanceof ServerRedirectSignal)) {
        await record(failureOf(error)).catch((recordError: unknown) =>
          context.log.error({ fn: id, err: recordError }, 'admin operation: its audit entry failed'),
        );
      }
      throw error;
    }
    await record({ ok: true, summary: outcome(result) });
    return result;
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
    if (isTransientDatabaseError(error)) {
      context.log.warn({ fn: id, err: error }, 'server function met a transient database failure');
      return this.answerFor(new UnavailableError('We are very busy right now; please try again in a moment.'), id, context);
    }
    const refusal = stripeRefusal(error, context.log.child({ fn: id }));
    if (refusal) return this.answerFor(refusal, id, context);
    context.log.error({ fn: id, err: error }, 'server function failed');
    return {
      status: 500,
      envelope: { error: { code: 'INTERNAL', message: 'Something went wrong on our side; please try again.' } },
    };
  }
}

/** A refused or failed admin operation, in its audit entry: a coded refusal as it was answered; anything else by its code only. */
function failureOf(error: unknown): AdminOperationOutcome {
  if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
  return { ok: false, code: 'INTERNAL', message: 'It failed on our side.' };
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
