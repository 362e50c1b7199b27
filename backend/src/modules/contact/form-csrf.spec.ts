import { randomBytes } from 'node:crypto';
import type { ResponseCookie } from '../../platform/common/http/cookies';
import { FormCsrf } from './form-csrf';
import { isSameOriginRequest } from '../../server-fn/same-origin';

describe('contact form tokens', () => {
  let now = new Date('2026-11-23T12:00:00Z');
  const csrf = new FormCsrf(randomBytes(32), false, () => now);
  const cookieOf = (cookie: ResponseCookie | undefined) => `${cookie!.name}=${cookie!.value}`;

  it('sets an HttpOnly, SameSite session cookie once and binds tokens to it', () => {
    const first = csrf.issue(undefined);
    expect(first.cookie).toEqual({
      name: 'sculpt_form',
      value: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      options: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 86_400_000, secure: false },
    });
    const cookie = cookieOf(first.cookie);
    expect(csrf.issue(`theme=dark; ${cookie}`).cookie).toBeUndefined();
    expect(csrf.verify(cookie, first.token)).toBe('ok');
  });

  it('uses a __Host- cookie with Secure on https', () => {
    expect(new FormCsrf(randomBytes(32), true).issue(undefined).cookie).toMatchObject({ name: '__Host-sculpt_form', options: { secure: true } });
  });

  it("refuses a token without the cookie, with another browser's cookie, or forged", () => {
    const a = csrf.issue(undefined);
    const b = csrf.issue(undefined);
    expect(csrf.verify(undefined, a.token)).toBe('no-session');
    expect(csrf.verify(cookieOf(b.cookie), a.token)).toBe('invalid');
    const forged = new FormCsrf(randomBytes(32), false, () => now).issue(cookieOf(a.cookie)).token;
    expect(csrf.verify(cookieOf(a.cookie), forged)).toBe('invalid');
    expect(csrf.verify(cookieOf(a.cookie), 'not-a-token')).toBe('invalid');
  });

  it('refuses a stale token', () => {
    const issued = csrf.issue(undefined);
    now = new Date(now.getTime() + 2 * 3_600_000 + 1_000);
    expect(csrf.verify(cookieOf(issued.cookie), issued.token)).toBe('expired');
  });
});

describe('same-origin check', () => {
  const PUBLIC = 'https://systemsculpt.com';
  it.each([
    [{ origin: 'http://127.0.0.1:4100', host: '127.0.0.1:4100' }, true],
    [{ origin: 'https://systemsculpt.com', host: 'internal:3000' }, true],
    [{ origin: 'https://127.0.0.1:4100', host: '127.0.0.1:4100' }, false],
    [{ origin: 'http://127.0.0.1:4101', host: '127.0.0.1:4100' }, false],
    [{ origin: 'https://evil.example', host: 'systemsculpt.com' }, false],
    [{ origin: 'null', host: 'systemsculpt.com' }, false],
    [{ 'sec-fetch-site': 'cross-site', host: 'systemsculpt.com' }, false],
    [{ 'sec-fetch-site': 'same-site', host: 'systemsculpt.com' }, false],
    [{ 'sec-fetch-site': 'same-origin', host: 'systemsculpt.com' }, true],
    [{ host: 'systemsculpt.com' }, true],
  ])('%p over http → %p', (headers, expected) => {
    expect(isSameOriginRequest({ headers, protocol: 'http' }, PUBLIC)).toBe(expected);
  });

  it('takes the scheme the request came over (TLS, or a trusted proxy says https)', () => {
    const headers = { origin: 'https://shop.internal:8443', host: 'shop.internal:8443' };
    expect(isSameOriginRequest({ headers, protocol: 'https' }, 'http://localhost:3000')).toBe(true);
    expect(isSameOriginRequest({ headers, protocol: 'http' }, 'http://localhost:3000')).toBe(false);
    expect(isSameOriginRequest({ headers: { origin: 'https://localhost:3000', host: 'localhost:3000' }, protocol: 'http' }, 'http://localhost:3000')).toBe(
      false,
    );
  });
});
