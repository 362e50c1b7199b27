import type { z } from 'zod';

/** Stripe's error body: a `code` comes with the `doc_url` of its page, as Stripe sends them. */
export function stripeError(message: string, extra: { type?: string; param?: string; code?: string } = {}) {
  return {
    error: {
      type: extra.type ?? 'invalid_request_error',
      message,
      ...(extra.param ? { param: extra.param } : {}),
      ...(extra.code ? { code: extra.code, doc_url: `https://stripe.com/docs/error-codes/${extra.code.replaceAll('_', '-')}` } : {}),
    },
  };
}

/** `line_items[0][price]`, as Stripe names a parameter in its errors. */
export function stripeParamName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}

export interface ParameterError {
  message: string;
  param?: string;
  code?: string;
}

/** A parameter zod refused, in Stripe's words: missing, unknown, not an integer, not a URL, or out of range. */
export function parameterError(issue: z.core.$ZodIssue, params: unknown): ParameterError {
  const param = stripeParamName(issue.path) || undefined;
  const given = valueAt(params, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const unknown = stripeParamName([...issue.path, ...issue.keys.slice(0, 1)]);
      return { message: `Received unknown parameter: ${unknown}`, param: unknown, code: 'parameter_unknown' };
    }
    case 'invalid_type':
      if (given === undefined) return { message: `Missing required param: ${param ?? ''}.`, param, code: 'parameter_missing' };
      if (issue.expected === 'number' || issue.expected === 'int')
        return { message: `Invalid integer: ${String(given)}`, param, code: 'parameter_invalid_integer' };
      if (issue.expected === 'object' || issue.expected === 'record') return { message: `Invalid object`, param };
      if (issue.expected === 'array') return { message: `Invalid array`, param };
      return { message: `Invalid ${param ?? 'parameter'}: ${issue.message}`, param };
    case 'invalid_format':
      return issue.format === 'url'
        ? { message: 'Not a valid URL', param, code: 'url_invalid' }
        : { message: `Invalid ${param ?? 'parameter'}: ${issue.message}`, param };
    case 'invalid_value':
      return { message: `Invalid ${param ?? 'parameter'}: must be one of ${issue.values.map(String).join(', ')}`, param };
    case 'too_small':
      if (given === '' || given === undefined) return { message: `Missing required param: ${param ?? ''}.`, param, code: 'parameter_missing' };
      return issue.origin === 'number'
        ? { message: `This value must be greater than or equal to ${String(issue.minimum)}.`, param }
        : { message: `Invalid ${param ?? 'parameter'}: ${issue.message}`, param };
    case 'too_big':
      return issue.origin === 'number'
        ? { message: `This value must be less than or equal to ${String(issue.maximum)}.`, param }
        : { message: `Invalid ${param ?? 'parameter'}: ${issue.message}`, param };
    default:
      return { message: `Invalid ${param ?? 'parameter'}: ${issue.message}`, param };
  }
}

function valueAt(params: unknown, path: readonly PropertyKey[]): unknown {
  let value = params;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
