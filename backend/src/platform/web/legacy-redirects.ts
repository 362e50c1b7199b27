import type { NextFunction, Request, Response } from 'express';

/** Old paths that moved for good: answered with a real 301 before any rendering. */
const PERMANENT_MOVES: ReadonlyArray<readonly [from: string, to: string]> = [['/obsidian-plugin-docs', '/obsidian-ai-plugin-docs']];

/**
 * Search parameters a page renamed, per path: `/checkout?qty=` is `quantity` now, the name its form
 * posts, and links in sent emails and Stripe sessions made before the rename still say `qty`.
 */
const RENAMED_PARAMS: ReadonlyArray<readonly [path: string, from: string, to: string]> = [['/checkout', 'qty', 'quantity']];

export function legacyRedirects(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const [path = '/', query] = splitOnce(req.originalUrl, '?');
  for (const [from, to] of PERMANENT_MOVES) {
    if (path === from || path.startsWith(`${from}/`)) {
      res.redirect(301, `${to}${path.slice(from.length)}${query === undefined ? '' : `?${query}`}`);
      return;
    }
  }
  const renamed = query === undefined ? undefined : renameParams(path, query);
  if (renamed !== undefined) {
    res.redirect(301, `${path}?${renamed}`);
    return;
  }
  next();
}

/** The query with this path's renamed parameters under their new names (the new one wins when both are there); undefined when none is there. */
function renameParams(path: string, query: string): string | undefined {
  const renames = RENAMED_PARAMS.filter(([at]) => at === path);
  const params = new URLSearchParams(query);
  if (!renames.some(([, from]) => params.has(from))) return undefined;
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    const rename = renames.find(([, from]) => from === name);
    if (!rename) kept.append(name, value);
    else if (!params.has(rename[2])) kept.append(rename[2], value);
  }
  return kept.toString();
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator);
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}
