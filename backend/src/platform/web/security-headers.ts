import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { parsePublishableKey } from '../../../../contracts/auth/publishable-key';
import type { AppConfig } from '../config/config.schema';

/** The per-response CSP nonce the server renderer puts on its inline hydration scripts. */
export function cspNonce(res: Response): string {
  return (res.locals as { cspNonce?: string }).cspNonce ?? '';
}

export function securityHeaders(config: Pick<AppConfig, 'PUBLIC_URL' | 'GA_MEASUREMENT_ID' | 'CLERK_PUBLISHABLE_KEY'>): RequestHandler[] {
  // Clerk's script, API and bot check, as Clerk's CSP guide lists them (only when Clerk is on).
  const clerkApi = config.CLERK_PUBLISHABLE_KEY ? [`https://${parsePublishableKey(config.CLERK_PUBLISHABLE_KEY).frontendApi}`] : [];
  const clerkChallenge = clerkApi.length ? ['https://challenges.cloudflare.com'] : [];
  const analytics = config.GA_MEASUREMENT_ID ? ['https://www.googletagmanager.com'] : [];
  const analyticsConnect = config.GA_MEASUREMENT_ID
    ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com']
    : [];
  const secure = config.PUBLIC_URL.startsWith('https:');
  const nonce = (_req: Request, res: Response, next: NextFunction) => {
    (res.locals as { cspNonce?: string }).cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonce(res as Response)}'`, ...analytics, ...clerkApi, ...clerkChallenge],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analyticsConnect, ...clerkApi],
        ...(clerkApi.length ? { frameSrc: ["'self'", ...clerkChallenge], workerSrc: ["'self'", 'blob:'] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  return secure ? [nonce, headers, strictTransportSecurity] : [nonce, headers];
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS only on an answer that went out over https (RFC 6797 §7.2: browsers ignore it over http,
 * and a plain-http site that sent it would lock itself out). "Over https" is Express's
 * `req.secure`: a TLS connection, or `X-Forwarded-Proto: https` from a proxy named in TRUST_PROXY
 * (Express's `trust proxy`, as for the client's address); the same header from anyone else is ignored.
 */
function strictTransportSecurity(req: Request, res: Response, next: NextFunction): void {
  if (req.secure) res.setHeader('strict-transport-security', HSTS);
  next();
}
