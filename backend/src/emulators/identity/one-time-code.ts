import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** A one-time code as the person receives it (six digits) and as it is kept (a hash). */
export function newOneTimeCode(): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(`one-time-code:${code}`).digest('hex');
}

/** Constant-time comparison of what was typed with the kept hash. */
export function codeMatches(typed: string, hash: string): boolean {
  const a = Buffer.from(hashCode(typed.trim()), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
