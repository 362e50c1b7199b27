import type { IncomingHttpHeaders } from 'node:http';
import type { CookieOptions } from 'express';

/** A cookie for express's `res.cookie(name, value, options)`; `maxAge: 0` removes it (Max-Age=0). */
export interface ResponseCookie {
  name: string;
  value: string;
  options: CookieOptions;
}

/** One cookie's value from a Cookie header (decoded), or undefined when absent or malformed. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // malformed escapes: no usable value
    }
  }
  return undefined;
}

export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  return cookieValue(headers.cookie, name);
}
