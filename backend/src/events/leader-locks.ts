import { Client } from 'pg';

/** Namespaces our advisory locks from anything else that might use them (streams use 7302). */
const LOCK_NAMESPACE = 7301;

/** The lock key of a projector: the same in every process, so at most one of them runs it. */
export function projectorLockSql(name: string): { sql: string; params: unknown[] } {
  return { sql: `select pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext($1)) as locked`, params: [name] };
}

/** A session advisory lock this process holds. */
export interface HeldLock {
  /** Whether the session that holds it still answers. */
  alive(): Promise<boolean>;
  release(): Promise<void>;
}

/** Where a projection worker takes its leader lock. `onLost` is called if the session drops. */
export interface LeaderLocks {
  tryLock(name: string, onLost: () => void): Promise<HeldLock | null>;
  close(): Promise<void>;
}

const connect = async (connectionString: string, applicationName: string, onGone: (client: Client) => void): Promise<Client> => {
  const client = new Client({ connectionString, application_name: applicationName });
  client.on('error', () => onGone(client));
  client.on('end', () => onGone(client));
  await client.connect();
  return client;
};

/**
 * The lock on a connection of its own (one per worker): for several workers of one projector in a
 * process (tests of leadership), since a session's advisory locks are re-entrant.
 */
export class DedicatedLeaderLocks implements LeaderLocks {
  private client?: Client;
  private onLost?: () => void;

  constructor(
    private readonly connectionString: string,
    private readonly name: string,
  ) {}

  async tryLock(name: string, onLost: () => void): Promise<HeldLock | null> {
    this.client ??= await connect(this.connectionString, `projector ${this.name}`, (gone) => {
      if (this.client !== gone) return;
      this.client = undefined;
      this.onLost?.();
    });
    const client = this.client;
    const { sql, params } = projectorLockSql(name);
    const { rows } = await client.query<{ locked: boolean }>(sql, params);
    if (rows[0]?.locked !== true) return null;
    this.onLost = onLost;
    return {
      alive: () => alive(client),
      // Ending the session releases its advisory locks.
      release: () => this.close(),
    };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.onLost = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Every projector's lock on one session per process: a process runs one worker per projector, and
 * a connection each would cost a busy site twenty Postgres connections. If the session drops,
 * every lock goes with it and each worker becomes a follower until it wins its lock again.
 */
export class SharedLeaderLocks implements LeaderLocks {
  private client?: Promise<Client>;
  private readonly holders = new Map<string, () => void>();
  /** One query at a time on the session (pg deprecates overlapping queries on a client). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly connectionString: string) {}

  async tryLock(name: string, onLost: () => void): Promise<HeldLock | null> {
    this.client ??= connect(this.connectionString, 'projector leader locks', (gone) => void this.lost(gone)).catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    const client = await this.client;
    const { sql, params } = projectorLockSql(name);
    const { rows } = await this.serial(() => client.query<{ locked: boolean }>(sql, params));
    if (rows[0]?.locked !== true) return null;
    this.holders.set(name, onLost);
    return {
      alive: () => this.serial(() => alive(client)),
      release: async () => {
        if (this.holders.get(name) !== onLost) return;
        this.holders.delete(name);
        await this.serial(() => client.query(`select pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext($1))`, [name])).catch(() => undefined);
      },
    };
  }

  private serial<T>(query: () => Promise<T>): Promise<T> {
    const next = this.queue.catch(() => undefined).then(query);
    this.queue = next;
    return next;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.holders.clear();
    await (await client?.catch(() => undefined))?.end().catch(() => undefined);
  }

  private async lost(gone: Client): Promise<void> {
    if (!this.client || (await this.client.catch(() => undefined)) !== gone) return;
    this.client = undefined;
    const holders = [...this.holders.values()];
    this.holders.clear();
    for (const onLost of holders) onLost();
  }
}

async function alive(client: Client): Promise<boolean> {
  try {
    await client.query('select 1');
    return true;
  } catch {
    return false;
  }
}
