import type { z } from 'zod';
import { stripeParamName } from './emulator-params';
import type { EmulatorAnswer, StripeObject } from './emulator-store';
import { stripeError } from './stripe-objects';

export const ok = (body: unknown, events?: StripeObject[]): EmulatorAnswer => ({ status: 200, body, events });
export const invalid = (message: string, param?: string, code?: string): EmulatorAnswer => ({ status: 400, body: stripeError(message, { param, code }) });
export const missing = (kind: string, id: string, param = 'id'): EmulatorAnswer => ({
  status: 404,
  body: stripeError(`No such ${kind}: '${id}'`, { param, code: 'resource_missing' }),
});

/** Reads parameters with a zod schema; a failure is Stripe's 400 naming the parameter. */
export function parse<S extends z.ZodType>(schema: S, params: unknown): { data: z.output<S> } | { answer: EmulatorAnswer } {
  const result = schema.safeParse(params);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0]!;
  const param = stripeParamName(issue.path);
  return {
    answer: invalid(
      issue.code === 'unrecognized_keys'
        ? `Received unknown parameter: ${stripeParamName([...issue.path, ...issue.keys.slice(0, 1)])}`
        : `Invalid ${param}: ${issue.message}`,
      param || undefined,
    ),
  };
}
