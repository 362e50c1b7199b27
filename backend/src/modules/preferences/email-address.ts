import { createHash } from 'node:crypto';
import { z } from 'zod';

/** How an address is compared and keyed: trimmed and lower-cased (mailbox providers ignore case in practice). */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

export const emailAddressSchema = z.string().trim().max(254).pipe(z.email()).transform(normalizeEmail);

/** The per-address preference stream. A hash, so the address itself is not in every stream id. */
export function emailPreferencesStreamId(address: string): string {
  return `emailprefs-${createHash('sha256').update(normalizeEmail(address)).digest('hex').slice(0, 40)}`;
}
