import type { NextFunction, Request, Response } from 'express';

/**
 * The built assets are only read: any other method gets the 405 the static handler would give,
 * as the error envelope (the static handler's own 405 has an empty body).
 */
export function readOnlyAssets(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res
    .status(405)
    .setHeader('allow', 'GET, HEAD')
    .setHeader('cache-control', 'no-store')
    .json({ error: { code: 'METHOD_NOT_ALLOWED', message: `Files under /assets are only read: use GET, not ${req.method}.` } });
}
