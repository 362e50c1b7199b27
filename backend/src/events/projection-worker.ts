import type { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { EventNotifier } from './event-notifier';
import type { EventStore } from './event-store';
import { projectBatch } from './project-batch';
import type { Projector } from './projector';

export interface ProjectionWorkerOptions {
  connectionString: string;
  batchSize?: number;
  /** How often to look for events when no notification came (a dropped LISTEN, another node). */
  pollMs?: number;
  /** How often a follower tries to become the leader. */
  leaderRetryMs?: number;
  log: Logger;
}

/** Namespaces our advisory locks from anything else that might use them. */
const LOCK_NAMESPACE = 7301;

/** The lock key of a projector: the same in every process, so at most one of them runs it. */
export function projectorLockSql(name: string): { sql: string; params: unknown[] } {
  return { sql: `select pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext($1)) as locked`, params: [name] };
}

/**
 * Runs one projector in this process while it holds the projector's session advisory lock on a
 * dedicated connection. If the process dies the connection closes, the lock goes, and a waiting
 * process takes over from the last committed checkpoint.
 */
export class ProjectionWorker {
  private lockClient?: Client;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private unsubscribe?: () => void;
  private paused = false;
  leader = false;
  applied = 0;

  constructor(
    private readonly projector: Projector,
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly notifier: EventNotifier,
    private readonly options: ProjectionWorkerOptions,
  ) {}

  get name(): string {
    return this.projector.name;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.notifier.onAppend(() => this.wake?.());
    this.loop = this.run();
  }

  /** Finishes the batch in hand (it commits or rolls back as a whole), then lets the lock go. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    await this.releaseLock();
  }

  /** Steps aside (for a replay's swap) and returns a function that resumes. */
  async pause(): Promise<() => void> {
    this.paused = true;
    this.wake?.();
    while (this.busy) await sleep(10);
    return () => {
      this.paused = false;
      this.wake?.();
    };
  }

  private busy = false;

  private async run(): Promise<void> {
    const { batchSize = 500, pollMs = 500, leaderRetryMs = 2_000, log } = this.options;
    while (this.running) {
      try {
        if (!this.leader) {
          this.leader = await this.tryLead();
          if (!this.leader) {
            await this.idle(leaderRetryMs);
            continue;
          }
          log.info({ projector: this.name }, 'projector: leading');
        }
        if (this.paused) {
          await this.idle(pollMs);
          continue;
        }
        this.busy = true;
        const count = await projectBatch(this.orm, this.store, this.projector, { batchSize });
        this.busy = false;
        this.applied += count;
        if (count < batchSize) await this.idle(pollMs);
      } catch (error) {
        this.busy = false;
        log.error({ projector: this.name, err: error }, 'projector: batch failed; retrying');
        if (this.lockClient && !(await this.stillConnected())) await this.releaseLock();
        await this.idle(1_000);
      }
    }
  }

  private async tryLead(): Promise<boolean> {
    if (!this.lockClient) {
      const client = new Client({ connectionString: this.options.connectionString });
      client.on('error', () => {
        this.leader = false;
        this.lockClient = undefined;
      });
      await client.connect();
      this.lockClient = client;
    }
    const { sql, params } = projectorLockSql(this.name);
    const { rows } = await this.lockClient.query<{ locked: boolean }>(sql, params);
    return rows[0]?.locked === true;
  }

  private async stillConnected(): Promise<boolean> {
    try {
      await this.lockClient?.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    this.leader = false;
    // Ending the session releases its advisory locks.
    await client?.end().catch(() => undefined);
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
