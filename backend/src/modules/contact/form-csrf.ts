import { createHmac, randomBytes } from 'node:crypto';
import { cookieValue, type ResponseCookie } from '../../platform/common/http/cookies';
import { macMatches } from '../../platform/common/secrets/site-secret';

export const CSRF_TOKEN_HOURS = 2;
const SESSION_ID = /^[A-Za-z0-9_-]{32}$/;

export type CsrfCheck = 'ok' | 'no-session' | 'invalid' | 'expired';

/**
 * Form tokens bound to a browser session: an HttpOnly cookie holds a random session id, and the
 * token is `<issued-at>.<nonce>.<HMAC(session id, issued-at, nonce)>` (the nonce keeps two tokens
 * issued in one second apart, since each is used once). A cross-site page can make the browser
 * send the cookie but can neither read the token nor make one, and a token from another browser
 * (another session id) fails; unlike a naive double-submit, the cookie alone proves nothing.
 */
export class FormCsrf {
  readonly cookieName: string;

  constructor(
    private readonly key: Buffer,
    private readonly secureCookies: boolean,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.cookieName = secureCookies ? '__Host-sculpt_form' : 'sculpt_form';
  }

  /** A token for the browser's session, and the cookie to set when it has none yet. */
  issue(cookieHeader: string | undefined): { token: string; expiresAt: Date; cookie?: ResponseCookie } {
    const existing = this.sessionId(cookieHeader);
    const sessionId = existing ?? randomBytes(24).toString('base64url');
    const issuedMs = this.now().getTime();
    const issued = Math.floor(issuedMs / 1000).toString(36);
    const nonce = randomBytes(12).toString('base64url');
    const token = `${issued}.${nonce}.${this.mac(sessionId, issued, nonce).toString('base64url')}`;
    const expiresAt = new Date(issuedMs + CSRF_TOKEN_HOURS * 3_600_000);
    if (existing) return { token, expiresAt };
    return {
      token,
      expiresAt,
      cookie: {
        name: this.cookieName,
        value: sessionId,
        options: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 86_400_000, secure: this.secureCookies },
      },
    };
  }

  verify(cookieHeader: string | undefined, token: string): CsrfCheck {
    const sessionId = this.sessionId(cookieHeader);
    if (!sessionId) return 'no-session';
    const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const [, issued, nonce, mac] = match as unknown as [string, string, string, string];
    if (!macMatches(mac, this.mac(sessionId, issued, nonce))) return 'invalid';
    const age = this.now().getTime() - parseInt(issued, 36) * 1000;
    return age < -60_000 || age > CSRF_TOKEN_HOURS * 3_600_000 ? 'expired' : 'ok';
  }

  private sessionId(cookieHeader: string | undefined): string | undefined {
    const value = cookieValue(cookieHeader, this.cookieName);
    return value && SESSION_ID.test(value) ? value : undefined;
  }

  private mac(sessionId: string, issued: string, nonce: string): Buffer {
    return createHmac('sha256', this.key).update(`contact-form|${sessionId}|${issued}|${nonce}`).digest();
  }
}
