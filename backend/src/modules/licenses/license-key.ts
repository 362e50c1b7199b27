import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a key read aloud or retyped is hard to get wrong.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'SSAI';
const GROUPS = 5;
const GROUP_LENGTH = 5;
const BODY_LENGTH = GROUPS * GROUP_LENGTH - 1; // 24 random characters (120 bits) and a check character

/**
 * A new license key: `SSAI-` and five groups of five characters, 120 random bits and a check
 * character, e.g. `SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E` (the last one depends on the others).
 */
export function generateLicenseKey(): string {
  const bytes = randomBytes(BODY_LENGTH);
  const body = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
  return format(body + checkCharacter(body));
}

/** The canonical spelling of what someone pasted (case, spaces and dashes forgiven), or undefined when it cannot be a key. */
export function normaliseLicenseKey(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(PREFIX)) return undefined;
  const chars = compact.slice(PREFIX.length).replace(/[IL]/g, '1').replace(/O/g, '0');
  if (chars.length !== BODY_LENGTH + 1 || ![...chars].every((c) => ALPHABET.includes(c))) return undefined;
  const body = chars.slice(0, -1);
  return chars.at(-1) === checkCharacter(body) ? format(chars) : undefined;
}

/** What is stored and looked up: never the key itself. */
export function licenseKeyHash(key: string): string {
  return createHash('sha256').update(`license-key:${key}`).digest('hex');
}

/** The last group, for showing which key is which without showing the key. */
export function licenseKeyHint(key: string): string {
  return `SSAI-…-${key.slice(-GROUP_LENGTH)}`;
}

/**
 * The key encrypted for its owner's dashboard (AES-256-GCM under a server secret), so the event
 * history and read models never hold it in the clear.
 */
export function sealLicenseKey(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openLicenseKey(sealed: string, secret: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('Not a sealed license key');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

function deriveKey(secret: string): Buffer {
  return createHash('sha256').update(`license-key-seal:${secret}`).digest();
}

function format(chars: string): string {
  const groups = Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH));
  return [PREFIX, ...groups].join('-');
}

/** One character derived from the rest: a mistyped key is caught 31 times out of 32 without a lookup. */
function checkCharacter(body: string): string {
  return ALPHABET[createHash('sha256').update(`license-key-check:${body}`).digest()[0]! & 31]!;
}
