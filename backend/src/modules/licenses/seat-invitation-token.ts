import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link in a seat invitation: `<license id>.<address, base64url>.<HMAC>`, signed with a key
 * derived from the site secret, bound to the license and the invited address. It does not expire:
 * the seat itself is the check (a removed seat's link says the seat is gone).
 */
export function signSeatInvitation(key: Buffer, licenseId: string, email: string): string {
  const payload = `${licenseId}.${Buffer.from(email.toLowerCase(), 'utf8').toString('base64url')}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The license and address a token names, or null when it is malformed or forged. */
export function readSeatInvitation(key: Buffer, token: string): { licenseId: string; email: string } | null {
  if (token.length > 600) return null;
  const match = /^(lic_[0-9a-f]{24})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, licenseId, encoded, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(mac(key, `${licenseId}.${encoded}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  return email.includes('@') ? { licenseId, email } : null;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`seat-invitation|${payload}`).digest('base64url');
