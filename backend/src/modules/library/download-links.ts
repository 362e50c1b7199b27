import { createHmac } from 'node:crypto';
import { macMatches } from '../../platform/common/secrets/site-secret';

/** What a signed download link stands for: one version of one file, for one account, until `expiresAt` (seconds). */
export interface DownloadGrant {
  userId: string;
  resourceId: string;
  fileName: string;
  version: number;
  expiresAt: number;
}

/** An expired link is still authentic: what it was for is known (to send the customer back to that item). */
export type LinkCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'forged' } | { ok: false; reason: 'expired'; grant: DownloadGrant };

export const DOWNLOAD_PATH = '/library/files';

/**
 * Signed download links: `<payload>.<mac>`, both base64url, the MAC an HMAC-SHA256 (with a key
 * derived from the site's secret for this use only) over the payload, which lists every field.
 * Nothing is stored: the link is the whole grant, short-lived and bound to its account.
 */
export class DownloadLinks {
  constructor(
    private readonly key: Buffer,
    private readonly ttlSeconds: number,
  ) {}

  sign(grant: Omit<DownloadGrant, 'expiresAt'>, now = new Date()): { token: string; expiresAt: Date } {
    const expiresAt = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const payload = Buffer.from(JSON.stringify([grant.userId, grant.resourceId, grant.fileName, grant.version, expiresAt]), 'utf8').toString('base64url');
    return { token: `${payload}.${this.mac(payload).toString('base64url')}`, expiresAt: new Date(expiresAt * 1000) };
  }

  verify(token: string, now = new Date()): LinkCheck {
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length > 0 || token.length > 2048) return { ok: false, reason: 'forged' };
    if (!macMatches(mac, this.mac(payload))) return { ok: false, reason: 'forged' };
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'forged' };
    }
    if (!Array.isArray(fields) || fields.length !== 5) return { ok: false, reason: 'forged' };
    const [userId, resourceId, fileName, version, expiresAt] = fields as unknown[];
    if (
      typeof userId !== 'string' ||
      typeof resourceId !== 'string' ||
      typeof fileName !== 'string' ||
      !Number.isInteger(version) ||
      !Number.isInteger(expiresAt)
    ) {
      return { ok: false, reason: 'forged' };
    }
    const grant = { userId, resourceId, fileName, version: version as number, expiresAt: expiresAt as number };
    if (grant.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired', grant };
    return { ok: true, grant };
  }

  /** The path of a link; the file's name ends it so a browser saving it without our headers still names it well. */
  path(token: string, fileName: string): string {
    return `${DOWNLOAD_PATH}/${token}/${encodeURIComponent(fileName)}`;
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(`download|${payload}`).digest();
  }
}
