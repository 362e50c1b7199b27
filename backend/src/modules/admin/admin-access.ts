import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ForbiddenError } from '../../common/app-error';
import { readCookie } from '../../common/http/cookies';

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

/** Every admin server function starts here: anyone else gets 403. */
export function assertAdmin(headers: IncomingHttpHeaders, token: string | undefined): void {
  if (!isAdmin(headers, token)) {
    throw new ForbiddenError(token ? 'This is for administrators; sign in with the admin token.' : 'Admin access is not configured on this server (ADMIN_TOKEN).');
  }
}
