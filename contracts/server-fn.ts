import { z } from 'zod';

export type ServerFnMethod = 'GET' | 'POST';

/** A server function's contract: shared by the backend (validation) and the frontend (typing). */
export interface ServerFnContract<Id extends string = string, Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  readonly id: Id;
  readonly method: ServerFnMethod;
  readonly input: Input;
  readonly output: Output;
  /** Stable error codes this function may answer with, beyond the transport's own. */
  readonly errors: readonly string[];
  /**
   * For a function that a plain HTML form posts to (before JavaScript loads): the form's page. The
   * browser is sent back there with `?status=sent`, or `?status=error&reason=<code>`.
   */
  readonly form?: PlainForm;
}

export interface PlainForm {
  page: string;
  /** Fields put back into the page's address (those the page itself is addressed by, such as a link's token). */
  carry?: readonly string[];
  /** Fields whose typed text the page shows again after a refusal (kept on the server for a while, never in the address). */
  keep?: readonly string[];
}

export function defineServerFn<Id extends string, Input extends z.ZodType, Output extends z.ZodType>(contract: {
  id: Id;
  method: ServerFnMethod;
  input: Input;
  output: Output;
  errors?: readonly string[];
  form?: PlainForm;
}): ServerFnContract<Id, Input, Output> {
  return { errors: [], ...contract };
}

export type ServerFnInput<C extends ServerFnContract> = z.input<C['input']>;
export type ServerFnOutput<C extends ServerFnContract> = z.output<C['output']>;

/** The server-issued redirect the spec describes: the client turns it into a navigation. */
export const serverRedirectSchema = z.object({
  statusCode: z.number().int().min(300).max(399),
  href: z.string(),
  to: z.string(),
  search: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type ServerRedirect = z.infer<typeof serverRedirectSchema>;

export const transportErrorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(errorIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every /_serverFn answer is exactly one of these three envelopes. */
export const envelopeSchema = z.union([z.object({ result: z.unknown() }), z.object({ redirect: serverRedirectSchema }), z.object({ error: errorBodySchema })]);
export type Envelope = { result: unknown } | { redirect: ServerRedirect } | { error: ErrorBody };

export const SERVER_FN_PREFIX = '/_serverFn';
