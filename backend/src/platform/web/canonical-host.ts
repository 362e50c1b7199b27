import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Machine endpoints and files: answered on whatever host name they were asked on. */
const NOT_PAGES = ['/_serverFn', '/webhooks', '/v1', '/api', '/healthz', '/readyz', '/assets'];

/**
 * Sends a page asked for under another name of this same server (127.0.0.1 instead of localhost)
 * to the same path on PUBLIC_URL, with a 308: the session cookie and Stripe's returns live on
 * PUBLIC_URL, so a visitor who stayed on the other name would come back from paying signed out.
 * Only the listener PUBLIC_URL names is concerned (same port): a site reached on another port
 * (a test server behind its own address, a health check) is left alone.
 */
export function canonicalHost(publicUrl: string): RequestHandler {
  const canonical = new URL(publicUrl);
  const defaultPort = canonical.protocol === 'https:' ? '443' : '80';
  const canonicalPort = canonical.port || defaultPort;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (NOT_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || /\.[A-Za-z0-9]+$/.test(path)) return next();
    const asked = parseHost(req.headers.host);
    if (!asked || asked.hostname === canonical.hostname.toLowerCase() || (asked.port || defaultPort) !== canonicalPort) return next();
    // Joined as text, never resolved: `//evil.example/x` resolved against the origin would leave the site.
    res.redirect(308, `${canonical.origin}${req.originalUrl.startsWith('/') ? req.originalUrl : `/${req.originalUrl}`}`);
  };
}

function parseHost(header: string | undefined): { hostname: string; port: string } | null {
  if (!header) return null;
  try {
    const url = new URL(`http://${header}`);
    return { hostname: url.hostname.toLowerCase().replace(/\.$/, ''), port: url.port };
  } catch {
    return null;
  }
}
