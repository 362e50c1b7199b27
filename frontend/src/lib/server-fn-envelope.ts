import type { Envelope, ErrorBody, ServerRedirect } from '@contracts/server-fn';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * An answer's body as one of the three envelopes, or undefined when it is none of them: the rules
 * of the contract's envelopeSchema (server-fn-envelope.spec.ts holds them equal), without zod,
 * which would otherwise load with every page just to read the site's own answers.
 */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (!isObject(body)) return undefined;
  if ('result' in body) return { result: body.result };
  const redirect = readRedirect(body.redirect);
  if (redirect) return { redirect };
  const error = readErrorBody(body.error);
  return error ? { error } : undefined;
}

function readRedirect(value: unknown): ServerRedirect | undefined {
  if (!isObject(value)) return undefined;
  const { statusCode, href, to, search, hash } = value;
  if (!(Number.isSafeInteger(statusCode) && (statusCode as number) >= 300 && (statusCode as number) <= 399)) return undefined;
  if (!isString(href) || !isString(to) || !isString(hash) || !isObject(search)) return undefined;
  return { statusCode: statusCode as number, href, to, search: { ...search }, hash };
}

function readErrorBody(value: unknown): ErrorBody | undefined {
  if (!isObject(value) || !isString(value.code) || !isString(value.message)) return undefined;
  if (value.issues === undefined) return { code: value.code, message: value.message };
  if (!Array.isArray(value.issues)) return undefined;
  const issues: NonNullable<ErrorBody['issues']> = [];
  for (const issue of value.issues as unknown[]) {
    if (!isObject(issue) || !isString(issue.message) || !(issue.code === undefined || isString(issue.code))) return undefined;
    if (!Array.isArray(issue.path) || !issue.path.every((part) => isString(part) || (typeof part === 'number' && Number.isFinite(part)))) return undefined;
    issues.push({ path: [...(issue.path as (string | number)[])], message: issue.message, ...(issue.code === undefined ? {} : { code: issue.code }) });
  }
  return { code: value.code, message: value.message, issues };
}
