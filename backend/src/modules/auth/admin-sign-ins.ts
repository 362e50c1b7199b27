import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { adminSignInTables } from './admin-sign-in.entity';

/** How long an ADMIN_TOKEN sign-in lasts, counted by the server whatever the browser keeps. */
export const ADMIN_SIGN_IN_SECONDS = 12 * 3600;

/** 32 random bytes in base64url: what the admin cookie holds, and nothing else is accepted. */
const SIGN_IN_ID = /^[A-Za-z0-9_-]{43}$/;

const digest = (label: string, value: string) => createHash('sha256').update(`${label}:${value}`).digest('hex');
/** What the table keeps of a sign-in's id (the label is stored data's: changing it ends every sign-in). */
export const adminSignInIdHash = (id: string) => digest('sculpt-admin-session', id);

/** The database's clock, not this process's: every api process then agrees on which sign-ins are over. */
const now = sql<Date>`now()`;

/**
 * Browsers signed in with ADMIN_TOKEN, kept in Postgres as the local sign-in keeps its sessions.
 * The cookie holds a random id; the table only its hash and the token's fingerprint, so a new
 * ADMIN_TOKEN ends every sign-in made with the old one.
 */
export class AdminSignIns {
  private readonly fingerprint: string | undefined;

  constructor(
    private readonly orm: MikroORM,
    token: string | undefined,
  ) {
    this.fingerprint = token ? digest('sculpt-admin-token', token).slice(0, 32) : undefined;
  }

  private get db() {
    return adminSignInTables(this.orm.em);
  }

  /** A new sign-in; answers the id for the cookie. */
  async start(): Promise<string> {
    if (!this.fingerprint) throw new Error('admin sign-ins need ADMIN_TOKEN');
    const id = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('admin_sign_ins')
      .values({
        id_hash: adminSignInIdHash(id),
        token_fingerprint: this.fingerprint,
        expires_at: sql<Date>`now() + make_interval(secs => ${ADMIN_SIGN_IN_SECONDS})`,
      })
      .execute();
    // Sign-ins over for a day have nothing left to refuse; each sign-in sweeps them.
    await this.db
      .deleteFrom('admin_sign_ins')
      .where((eb) => eb(eb.fn.coalesce('ended_at', 'expires_at'), '<', sql<Date>`now() - interval '1 day'`))
      .execute();
    return id;
  }

  /** Whether the cookie's sign-in is one this server started, not ended, not expired. */
  async isActive(id: string | undefined): Promise<boolean> {
    if (!this.fingerprint || !id || !SIGN_IN_ID.test(id)) return false;
    const row = await this.db
      .selectFrom('admin_sign_ins')
      .select('id_hash')
      .where('id_hash', '=', adminSignInIdHash(id))
      .where('token_fingerprint', '=', this.fingerprint)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  async end(id: string | undefined): Promise<void> {
    if (!id || !SIGN_IN_ID.test(id)) return;
    await this.db.updateTable('admin_sign_ins').set({ ended_at: now }).where('id_hash', '=', adminSignInIdHash(id)).where('ended_at', 'is', null).execute();
  }
}
