import type { NextFunction, Request, Response } from 'express';

/** Old paths that moved for good: answered with a real 301 before any rendering. */
const PERMANENT_MOVES: ReadonlyArray<readonly [from: string, to: string]> = [['/obsidian-plugin-docs', '/obsidian-ai-plugin-docs']];

export function legacyRedirects(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const [path = '/', query] = splitOnce(req.originalUrl, '?');
  for (const [from, to] of PERMANENT_MOVES) {
    if (path === from || path.startsWith(`${from}/`)) {
      res.redirect(301, `${to}${path.slice(from.length)}${query === undefined ? '' : `?${query}`}`);
      return;
    }
  }
  next();
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator);
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}
