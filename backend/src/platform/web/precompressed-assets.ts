import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * Serves the `.br` / `.gz` twin that the build wrote beside each hashed asset (compressed once,
 * at the highest level) when the browser accepts it; the static handler after it sends the file.
 */
export function precompressedAssets(assetsDir: string) {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(assetsDir));
  } catch {
    files = new Set();
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = assetName(req.path);
    if (!name || !files.has(name)) return next();
    res.vary('Accept-Encoding');
    // Brotli whenever it is acceptable at all: browsers list gzip first but br is smaller.
    const encoding = (['br', 'gzip'] as const).find((e) => req.acceptsEncodings(e) === e && files.has(name + SUFFIX[e]));
    if (!encoding) return next();
    // `send` keeps a Content-Type that is already set, so the twin is served as the original type.
    res.type(extname(name));
    res.setHeader('Content-Encoding', encoding);
    req.url = `/${name}${SUFFIX[encoding]}`;
    next();
  };
}

/** The asset's file name, or undefined for a path with malformed escapes (left to the static handler). */
function assetName(path: string): string | undefined {
  try {
    return decodeURIComponent(path).replace(/^\//, '');
  } catch {
    return undefined;
  }
}
