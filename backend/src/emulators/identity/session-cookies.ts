import { cookieValue, type ResponseCookie } from '../../platform/common/http/cookies';

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

/** Path=/, SameSite=Lax and HttpOnly unless said otherwise; `maxAgeSeconds: 0` removes the cookie. */
function cookie(name: string, value: string, options: { maxAgeSeconds: number; secure: boolean; httpOnly?: boolean }): ResponseCookie {
  return {
    name,
    value,
    options: { path: '/', maxAge: options.maxAgeSeconds * 1000, sameSite: 'lax', httpOnly: options.httpOnly ?? true, secure: options.secure },
  };
}

export function sessionCookies(options: { token: string; tokenTtlSeconds: number; client?: string; signedInAt?: Date; secure: boolean }): ResponseCookie[] {
  const cookies = [cookie(SESSION_COOKIE, options.token, { maxAgeSeconds: options.tokenTtlSeconds, secure: options.secure })];
  if (options.client) cookies.push(cookie(CLIENT_COOKIE, options.client, { maxAgeSeconds: CLIENT_LIFETIME_SECONDS, secure: options.secure }));
  if (options.signedInAt) {
    // Readable by scripts on purpose: the nav knows a session exists without loading sign-in code.
    cookies.push(
      cookie(CLIENT_UAT_COOKIE, String(Math.floor(options.signedInAt.getTime() / 1000)), {
        maxAgeSeconds: CLIENT_LIFETIME_SECONDS,
        secure: options.secure,
        httpOnly: false,
      }),
    );
  }
  return cookies;
}

/** Max-Age=0 rather than express's clearCookie (an Expires in 1970 only): the sign-out answer has always said Max-Age=0. */
export function signedOutCookies(secure: boolean): ResponseCookie[] {
  return [
    cookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure }),
    cookie(CLIENT_COOKIE, '', { maxAgeSeconds: 0, secure }),
    cookie(CLIENT_UAT_COOKIE, '0', { maxAgeSeconds: CLIENT_LIFETIME_SECONDS, secure, httpOnly: false }),
  ];
}
