import type { MikroORM } from '@mikro-orm/postgresql';
import type { SignInAttempt } from './sign-in-attempt';
import type { SignUpAttempt } from './sign-up-attempt';

export interface LocalUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface LocalSession {
  id: string;
  userId: string;
  clientSecretHash: string;
  status: 'active' | 'ended' | 'expired';
  createdAt: Date;
  lastActiveAt: Date;
}

type AttemptKind = 'sign_in' | 'sign_up';
type AttemptOf<K extends AttemptKind> = K extends 'sign_in' ? SignInAttempt : SignUpAttempt;

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}
interface SessionRow {
  id: string;
  user_id: string;
  client_secret_hash: string;
  status: LocalSession['status'];
  created_at: Date;
  last_active_at: Date;
}

const toUser = (row: UserRow): LocalUser => ({ id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name });
const toSession = (row: SessionRow): LocalSession => ({
  id: row.id,
  userId: row.user_id,
  clientSecretHash: row.client_secret_hash,
  status: row.status,
  createdAt: new Date(row.created_at),
  lastActiveAt: new Date(row.last_active_at),
});

/** The local identity emulator's tables: users, attempts in progress, sessions. */
export class IdentityStore {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return this.orm.em.getConnection();
  }

  async userByEmail(email: string): Promise<LocalUser | undefined> {
    const [row] = await this.db.execute<UserRow[]>('select id, email, first_name, last_name from local_identity_users where email = ?', [email]);
    return row ? toUser(row) : undefined;
  }

  async userById(id: string): Promise<LocalUser | undefined> {
    const [row] = await this.db.execute<UserRow[]>('select id, email, first_name, last_name from local_identity_users where id = ?', [id]);
    return row ? toUser(row) : undefined;
  }

  /** Creates the user, or returns the one that already has the address (two sign-ups racing). */
  async createUser(user: LocalUser): Promise<LocalUser> {
    await this.db.execute('insert into local_identity_users (id, email, first_name, last_name) values (?, ?, ?, ?) on conflict (email) do nothing', [
      user.id,
      user.email,
      user.firstName,
      user.lastName,
    ]);
    return (await this.userByEmail(user.email))!;
  }

  async saveAttempt<K extends AttemptKind>(kind: K, attempt: AttemptOf<K>): Promise<void> {
    await this.db.execute(
      `insert into local_identity_attempts (id, kind, state) values (?, ?, ?::jsonb)
       on conflict (id) do update set state = excluded.state, updated_at = now()`,
      [attempt.id, kind, JSON.stringify(attempt)],
    );
  }

  async attempt<K extends AttemptKind>(kind: K, id: string): Promise<AttemptOf<K> | undefined> {
    // Attempts older than a day are as good as gone (Clerk's expire too).
    const [row] = await this.db.execute<{ state: AttemptOf<K> }[]>(
      "select state from local_identity_attempts where id = ? and kind = ? and created_at > now() - interval '1 day'",
      [id, kind],
    );
    return row?.state;
  }

  async createSession(session: Pick<LocalSession, 'id' | 'userId' | 'clientSecretHash'>): Promise<void> {
    await this.db.execute("insert into local_identity_sessions (id, user_id, client_secret_hash, status) values (?, ?, ?, 'active')", [
      session.id,
      session.userId,
      session.clientSecretHash,
    ]);
  }

  async session(id: string): Promise<LocalSession | undefined> {
    const [row] = await this.db.execute<SessionRow[]>(
      'select id, user_id, client_secret_hash, status, created_at, last_active_at from local_identity_sessions where id = ?',
      [id],
    );
    return row ? toSession(row) : undefined;
  }

  /** The one lookup every signed-in request makes (by primary key). */
  async sessionStatus(id: string): Promise<LocalSession['status'] | undefined> {
    const [row] = await this.db.execute<{ status: LocalSession['status'] }[]>('select status from local_identity_sessions where id = ?', [id]);
    return row?.status;
  }

  async touchSession(id: string): Promise<void> {
    await this.db.execute('update local_identity_sessions set last_active_at = now() where id = ?', [id]);
  }

  async endSession(id: string, status: 'ended' | 'expired'): Promise<void> {
    await this.db.execute("update local_identity_sessions set status = ?, ended_at = now() where id = ? and status = 'active'", [status, id]);
  }

  /** Ends every active session of the user; answers how many were ended. */
  async endUserSessions(userId: string): Promise<number> {
    const rows = await this.db.execute<{ id: string }[]>(
      "update local_identity_sessions set status = 'ended', ended_at = now() where user_id = ? and status = 'active' returning id",
      [userId],
    );
    return rows.length;
  }
}
