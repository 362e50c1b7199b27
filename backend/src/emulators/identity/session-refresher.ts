import type { NextFunction, Request, Response } from 'express';
import { cookieValue } from '../../platform/common/http/cookies';
import type { Logger } from 'pino';
import type { LocalIdentity } from './local-identity';
import { CLIENT_COOKIE, SESSION_COOKIE } from './session-cookies';

/** Refresh a token with less than this left (of its 60 s), so a page's server calls never meet an expired one. */
const REFRESH_MARGIN_SECONDS = 15;
const SKIPPED = /^\/(assets|webhooks|_stripe|v1|healthz|readyz)(\/|$)/;

function expiresSoon(token: string | undefined, nowSeconds: number): boolean {
  if (!token) return true;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp?: unknown };
    return typeof payload.exp !== 'number' || payload.exp - nowSeconds < REFRESH_MARGIN_SECONDS;
  } catch {
    return true;
  }
}

/** The request's Cookie header with `__session` replaced (or removed when `token` is null). */
function withSessionToken(cookieHeader: string, token: string | null): string {
  const others = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${SESSION_COOKIE}=`) && (token !== null || !part.startsWith(`${CLIENT_COOKIE}=`)));
  return [...others, ...(token ? [`${SESSION_COOKIE}=${token}`] : [])].join('; ');
}

/**
 * Local sign-in only: keeps the short-lived session token fresh from the client cookie, before
 * the request is handled, so the handler and the page both see the new one (Clerk's script does
 * this in the browser; the local sign-in has no script).
 */
export function sessionRefresher(identity: LocalIdentity, log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const cookies = req.headers.cookie;
    if (!cookies?.includes(`${CLIENT_COOKIE}=`) || SKIPPED.test(req.path)) return next();
    if (!expiresSoon(cookieValue(cookies, SESSION_COOKIE), Math.floor(Date.now() / 1000))) return next();
    identity
      .refresh(cookies)
      .then((outcome) => {
        if (outcome) {
          for (const cookie of outcome.cookies) res.cookie(cookie.name, cookie.value, cookie.options);
          req.headers.cookie = withSessionToken(cookies, outcome.token);
        }
        next();
      })
      .catch((error: unknown) => {
        // Without the database the session cannot be renewed; the request goes on signed out.
        log.warn({ err: error }, 'session refresh failed');
        next();
      });
  };
}
