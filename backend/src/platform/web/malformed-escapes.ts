import type { NextFunction, Request, Response } from 'express';

/**
 * Express's router decodes path parameters with decodeURIComponent and answers a malformed
 * percent-escape (`/%`, `/resources/%E0%A4%A`) with a 400 that our error filter turns into a
 * JSON envelope: raw JSON where a person expected a page. Escaping the stray `%` signs in
 * `req.url` lets routing go on; the page renderer reads `req.originalUrl`, so the app (which
 * tolerates the malformed escape, as the browser's copy of it does after hydration or a client
 * navigation) renders its 404 screen for the address the visitor actually typed.
 */
export function tolerateMalformedEscapes(req: Request, _res: Response, next: NextFunction): void {
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  if (path.includes('%') && !decodes(path)) req.url = escapeMalformed(path) + (queryAt === -1 ? '' : req.url.slice(queryAt));
  next();
}

/** Each path segment that does not decode has every `%` in it escaped as `%25`; the rest is left alone. */
export function escapeMalformed(path: string): string {
  return path
    .split('/')
    .map((segment) => (decodes(segment) ? segment : segment.replace(/%/g, '%25')))
    .join('/');
}

function decodes(value: string): boolean {
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}
