import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';

export const SITE_SECRET = Symbol('SITE_SECRET');

/** The root secret for the site's own tokens; derive a key per use with `deriveKey`. */
export interface SiteSecret {
  readonly value: Buffer;
}

const NAME = 'site-token-secret';

/**
 * The configured secret, or the one this installation made for itself on first boot (kept in
 * Postgres; concurrent first boots agree on whichever row was inserted first).
 */
export async function loadSiteSecret(orm: MikroORM, configured: string | undefined): Promise<SiteSecret> {
  if (configured) return { value: Buffer.from(configured, 'utf8') };
  const connection = orm.em.getConnection();
  await connection.execute('insert into app_secrets (name, value) values (?, ?) on conflict (name) do nothing', [NAME, randomBytes(32).toString('base64url')]);
  const [row] = await connection.execute<{ value: string }[]>('select value from app_secrets where name = ?', [NAME]);
  return { value: Buffer.from(row!.value, 'base64url') };
}

/** A separate key per purpose, so a token made for one use can never be accepted by another. */
export function deriveKey(secret: SiteSecret, label: string): Buffer {
  return createHmac('sha256', secret.value).update(`sculpt-key|${label}`).digest();
}

/** Whether a MAC given as base64url is the expected one, compared in constant time. */
export function macMatches(givenBase64url: string, expected: Buffer): boolean {
  const given = Buffer.from(givenBase64url, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
