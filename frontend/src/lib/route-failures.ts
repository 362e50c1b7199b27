import { createSerializationAdapter, notFound, SearchParamError, type AnyRoute } from '@tanstack/react-router';
import { ServerFnError } from './server-fn-client';

/**
 * A route error that a server function answered travels to the browser as itself (status, code,
 * issues), not as a bare Error with its message: the error screen the browser hydrates must pick
 * the same words as the one the server rendered.
 */
export const serverFnErrorAdapter = createSerializationAdapter({
  key: 'ServerFnError',
  test: (value: unknown): value is ServerFnError => value instanceof ServerFnError,
  toSerializable: (error: ServerFnError) => ({ status: error.status, code: error.code, message: error.message, issues: error.issues ?? null }),
  fromSerializable: (value: { status: number; code: string; message: string; issues: ServerFnError['issues'] | null }) =>
    new ServerFnError(value.status, { code: value.code, message: value.message, ...(value.issues ? { issues: value.issues } : {}) }),
});

/** The names of a route's path parameters (`/invite/$token` → token). */
export function pathParamNames(fullPath: string): string[] {
  return [...fullPath.matchAll(/\$([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/**
 * A read refused because of a value that came from the address's path (`/invite/%00`, a lesson
 * slug of 500 characters) names nothing that can exist: the not-found page, as an unknown id gets.
 * Loaders pass their path parameters under the same names, which is how the issue's path tells.
 */
export function namesNothing(error: unknown, paramNames: readonly string[]): boolean {
  if (!(error instanceof ServerFnError) || error.code !== 'VALIDATION_FAILED' || !error.issues?.length) return false;
  return error.issues.every((issue) => typeof issue.path[0] === 'string' && paramNames.includes(issue.path[0]));
}

// The route tree is one for the process, and the server makes a router per request.
const guarded = new WeakSet<AnyRoute>();

/** Every route, present and future, turns a refused path value into its not-found page (on the server and in the browser alike). */
export function refusedPathsAreNotFound(routes: object): void {
  for (const route of Object.values(routes) as AnyRoute[]) {
    const names = pathParamNames(route.fullPath ?? '');
    if (names.length === 0 || guarded.has(route)) continue;
    guarded.add(route);
    const own = route.options.onError;
    route.options.onError = (error: unknown) => {
      if (namesNothing(error, names)) throw notFound();
      own?.(error);
    };
  }
}

/**
 * The HTTP status of a rendered page whose route failed: the router says 500 for any route error,
 * but an error a server function answered with a 4xx (a 400 for a value it cannot take, a 401, a
 * 403, a 429) is the visitor's, and so are search parameters the page cannot read (400).
 */
export function failedPageStatus(matches: ReadonlyArray<{ status: string; error?: unknown }>, rendered: number): number {
  if (rendered !== 500) return rendered;
  if (matches.some((match) => match.error instanceof SearchParamError)) return 400;
  const error = matches.find((match) => match.status === 'error')?.error;
  if (error instanceof ServerFnError && error.status >= 400 && error.status < 500) return error.status;
  return rendered;
}
