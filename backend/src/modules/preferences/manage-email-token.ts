import { createHmac } from 'node:crypto';
import { macMatches } from '../../platform/common/secrets/site-secret';
import { EMAIL_TOPICS, type EmailTopic } from '../../../../contracts/preferences/email-topics';
import { normalizeEmail } from './email-address';

/** What a token lets its holder do: open the preference page, or one-click unsubscribe from a topic. */
export type ManageEmailPurpose = 'manage' | `unsubscribe.${EmailTopic}`;

export const MANAGE_EMAIL_PURPOSES: readonly ManageEmailPurpose[] = ['manage', ...EMAIL_TOPICS.map((t) => `unsubscribe.${t}` as const)];

/** Links in sent emails keep working this long (RFC 8058 asks for a while; we promise 30 days and give 60). */
export const TOKEN_VALID_DAYS = 60;
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const VERSION = 'v1';

export type TokenCheck = { ok: true; issuedAt: Date } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired' };

/**
 * `v1.<issued-at seconds, base36>.<HMAC-SHA256, base64url>`, the MAC over version, purpose, issue
 * time and the normalised address. The address travels beside the token (the `email` parameter),
 * never inside it; a token for another address, another purpose or a changed time fails as
 * `mismatch`, compared in constant time.
 */
export class ManageEmailTokens {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  issue(address: string, purpose: ManageEmailPurpose): string {
    const issued = Math.floor(this.now().getTime() / 1000).toString(36);
    return `${VERSION}.${issued}.${this.mac(address, purpose, issued).toString('base64url')}`;
  }

  verify(address: string | undefined, purpose: ManageEmailPurpose, token: string | undefined): TokenCheck {
    if (!token || !address) return { ok: false, reason: 'missing' };
    const match = /^v1\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'malformed' };
    const [, issued, mac] = match as unknown as [string, string, string];
    if (!macMatches(mac, this.mac(address, purpose, issued))) return { ok: false, reason: 'mismatch' };
    const issuedAt = new Date(parseInt(issued, 36) * 1000);
    const age = this.now().getTime() - issuedAt.getTime();
    if (age < -MAX_CLOCK_SKEW_MS || age > TOKEN_VALID_DAYS * 86_400_000) return { ok: false, reason: 'expired' };
    return { ok: true, issuedAt };
  }

  private mac(address: string, purpose: ManageEmailPurpose, issued: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${VERSION}|${purpose}|${issued}|${normalizeEmail(address)}`)
      .digest();
  }
}
