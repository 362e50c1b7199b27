import type { z } from 'zod';
import { parameterError, stripeError } from './emulator-errors';
import type { EmulatorAnswer, StripeObject } from './emulator-store';

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
  const { message, param, code } = parameterError(result.error.issues[0]!, params);
  return { answer: invalid(message, param, code) };
}
