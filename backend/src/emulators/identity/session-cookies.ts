import { cookieValue } from '../../platform/common/http/cookies';
import { setCookie } from '../../platform/common/http/set-cookie';

/** Clerk's cookie names: the short-lived session token, and when the client last signed in. */
export const SESSION_COOKIE = '__session';
export const CLIENT_UAT_COOKIE = '__client_uat';
/** The local emulator's long-lived client cookie (Clerk keeps its own on its frontend API domain). */
export const CLIENT_COOKIE = '__client';

export const CLIENT_LIFETIME_SECONDS = 30 * 86_400;

/** `<session id>.<secret>` from the client cookie, when well-formed. */
export function readClientCookie(cookieHeader: string | undefined): { sessionId: string; secret: string } | undefined {
  const value = cookieValue(cookieHeader, CLIENT_COOKIE);
  const match = value ? /^(sess_[A-Za-z0-9]{16,40})\.([A-Za-z0-9_-]{32,64})$/.exec(value) : null;
  return match ? { sessionId: match[1]!, secret: match[2]! } : undefined;
}

export function sessionCookies(options: { token: string; tokenTtlSeconds: number; client?: string; signedInAt?: Date; secure: boolean }): string[] {
  const cookies = [setCookie(SESSION_COOKIE, options.token, { maxAgeSeconds: options.tokenTtlSeconds, secure: options.secure })];
  if (options.client) cookies.push(setCookie(CLIENT_COOKIE, options.client, { maxAgeSeconds: CLIENT_LIFETIME_SECONDS, secure: options.secure }));
  if (options.signedInAt) {
    // Readable by scripts on purpose: the nav knows a session exists without loading sign-in code.
    cookies.push(setCookie(CLIENT_UAT_COOKIE, String(Math.floor(options.signedInAt.getTime() / 1000)), { maxAgeSeconds: CLIENT_LIFETIME_SECONDS, secure: options.secure, httpOnly: false }));
  }
  return cookies;
}

export function signedOutCookies(secure: boolean): string[] {
  return [
    setCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure }),
    setCookie(CLIENT_COOKIE, '', { maxAgeSeconds: 0, secure }),
    setCookie(CLIENT_UAT_COOKIE, '0', { maxAgeSeconds: CLIENT_LIFETIME_SECONDS, secure, httpOnly: false }),
  ];
}
