import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';

/** How long an ADMIN_TOKEN sign-in lasts, counted by the server whatever the browser keeps. */
export const ADMIN_SESSION_SECONDS = 12 * 3600;

/** 32 random bytes in base64url: what the admin cookie holds, and nothing else is accepted. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const digest = (label: string, value: string) => createHash('sha256').update(`${label}:${value}`).digest('hex');
/** What the table keeps of a session id. */
export const adminSessionIdHash = (id: string) => digest('sculpt-admin-session', id);

/**
 * Browsers signed in with ADMIN_TOKEN, kept in Postgres as the local sign-in keeps its sessions.
 * The cookie holds a random id; the table only its hash and the token's fingerprint, so a new
 * ADMIN_TOKEN ends every session made with the old one.
 */
export class AdminSessions {
  private readonly fingerprint: string | undefined;

  constructor(
    private readonly orm: MikroORM,
    token: string | undefined,
  ) {
    this.fingerprint = token ? digest('sculpt-admin-token', token).slice(0, 32) : undefined;
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** A new session; answers the id for the cookie. */
  async start(): Promise<string> {
    if (!this.fingerprint) throw new Error('admin sessions need ADMIN_TOKEN');
    const id = randomBytes(32).toString('base64url');
    await this.db.execute('insert into admin_sessions (id_hash, token_fingerprint, expires_at) values (?, ?, now() + make_interval(secs => ?))', [
      adminSessionIdHash(id),
      this.fingerprint,
      ADMIN_SESSION_SECONDS,
    ]);
    // Sessions over for a day have nothing left to refuse; each sign-in sweeps them.
    await this.db.execute("delete from admin_sessions where coalesce(ended_at, expires_at) < now() - interval '1 day'");
    return id;
  }

  /** Whether the cookie's session is one this server started, not ended, not expired. */
  async isActive(id: string | undefined): Promise<boolean> {
    if (!this.fingerprint || !id || !SESSION_ID.test(id)) return false;
    const rows = await this.db.execute<unknown[]>(
      'select 1 from admin_sessions where id_hash = ? and token_fingerprint = ? and ended_at is null and expires_at > now()',
      [adminSessionIdHash(id), this.fingerprint],
    );
    return rows.length > 0;
  }

  async end(id: string | undefined): Promise<void> {
    if (!id || !SESSION_ID.test(id)) return;
    await this.db.execute('update admin_sessions set ended_at = now() where id_hash = ? and ended_at is null', [adminSessionIdHash(id)]);
  }
}
