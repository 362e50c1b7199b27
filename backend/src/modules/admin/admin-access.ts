import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ForbiddenError } from '../../platform/common/app-error';
import { readCookie } from '../../platform/common/http/cookies';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import type { Auth } from '../auth';

export const ADMIN_COOKIE = 'sculpt_admin';

/** What the admin cookie holds: a digest of the token, so the token itself never sits in a browser. */
export function adminCookieValue(token: string): string {
  return createHash('sha256').update(`sculpt-admin:${token}`).digest('hex');
}

export function isAdmin(headers: IncomingHttpHeaders, token: string | undefined): boolean {
  if (!token) return false;
  const presented = readCookie(headers, ADMIN_COOKIE);
  if (!presented) return false;
  const expected = Buffer.from(adminCookieValue(token));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Every admin server function starts here: an account with the admin role (Clerk's org:admin, or
 * the local sign-in's LOCAL_ADMIN_EMAILS), or a browser signed in with ADMIN_TOKEN. Anyone else: 403.
 */
export class AdminAccess {
  constructor(
    private readonly auth: Auth,
    private readonly token: string | undefined,
  ) {}

  async assert(context: ServerFnContext): Promise<void> {
    if (isAdmin(context.headers, this.token)) return;
    if ((await this.auth.user(context))?.isAdmin) return;
    throw new ForbiddenError('This is for administrators: sign in with an admin account or the admin token.');
  }
}
