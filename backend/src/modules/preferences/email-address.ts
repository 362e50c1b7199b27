import { createHash } from 'node:crypto';
import { normaliseEmailAddress } from '../../../../contracts/email-address';

/** How an address is compared and keyed: the one rule of contracts/email-address.ts (NFKC, trimmed, lower-cased). */
export const normalizeEmail = normaliseEmailAddress;

/** The per-address preference stream. A hash, so the address itself is not in every stream id. */
export function emailPreferencesStreamId(address: string): string {
  return `emailprefs-${createHash('sha256').update(normalizeEmail(address)).digest('hex').slice(0, 40)}`;
}
