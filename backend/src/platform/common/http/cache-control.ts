import type { IncomingHttpHeaders } from 'node:http';
import { cookieValue } from './cookies';

/** For answers that may carry someone's own data: kept by no cache, shared or the browser's. */
export const PERSONAL = 'private, no-store';

/** Clerk's cookie names (the local sign-in uses the same, plus its `__client`). */
const SESSION_COOKIES = ['__session', '__client'];

/** Whether a request comes with sign-in credentials, so what it is answered may be personal. */
export function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization) return true;
  return SESSION_COOKIES.some((name) => Boolean(cookieValue(headers.cookie, name)));
}
