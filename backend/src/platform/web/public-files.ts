import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * The files of the client build's public folder (favicon, images), served from a list taken at
 * boot: every other request goes straight on to the routes instead of costing a disk lookup.
 */
export function publicFiles(clientDir: string, options: { maxAge: string; skip: string[] }) {
  const paths = new Set(listFiles(clientDir, options.skip).map((file) => `/${relative(clientDir, file).split(sep).join('/')}`));
  const serve = express.static(clientDir, { index: false, maxAge: options.maxAge, dotfiles: 'ignore' });
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method === 'GET' || req.method === 'HEAD') && paths.has(req.path)) return serve(req, res, next);
    next();
  };
}

function listFiles(dir: string, skip: string[]): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name.startsWith('.') || skip.includes(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, []) : [path];
  });
}
