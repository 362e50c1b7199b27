import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { EventNotifier } from './event-notifier';
import type { EventStore } from './event-store';
import { DedicatedLeaderLocks, type HeldLock, type LeaderLocks } from './leader-locks';
import { projectBatch } from './project-batch';
import type { Projector } from './projector';
import type { LogCheckpoint } from './recorded-event';

export interface ProjectionWorkerOptions {
  connectionString: string;
  batchSize?: number;
  /** How often to look for events when no notification came (a dropped LISTEN, another node). */
  pollMs?: number;
  /** How often a follower tries to become the leader. */
  leaderRetryMs?: number;
  /** Where the leader lock is taken; by default a connection of the worker's own. */
  locks?: LeaderLocks;
  log: Logger;
}

export { projectorLockSql } from './leader-locks';

const MAX_FAILURE_BACKOFF_MS = 30_000;

/** How long to wait after the n-th failed batch in a row: 1 s, 2 s, 4 s, … up to 30 s. */
export function failureBackoffMs(failuresInARow: number): number {
  return Math.min(MAX_FAILURE_BACKOFF_MS, 1_000 * 2 ** Math.max(0, failuresInARow - 1));
}

/** 10 ms, then twice as long each time the log is still held back, up to the polling interval. */
export function nextHeldBackWaitMs(previousMs: number, pollMs: number): number {
  return Math.min(pollMs, previousMs === 0 ? 10 : previousMs * 2);
}

/**
 * Runs one projector in this process while it holds the projector's session advisory lock (on a
 * connection of its own, or the process's shared lock session). If the process dies the
 * connection closes, the lock goes, and a waiting process takes over from the last committed
 * checkpoint. The lock keeps the work in one place;
 * projectBatch's check of the checkpoint under its row lock keeps it correct if two ever overlap.
 */
export class ProjectionWorker {
  private held?: HeldLock;
  private readonly locks: LeaderLocks;
  private readonly ownsLocks: boolean;
  private running = false;
  private loop?: Promise<void>;
  /** Set by a notification that arrives mid-batch, so the next idle does not sleep through it. */
  private wakeRequested = false;
  private wake?: () => void;
  private unsubscribe?: () => void;
  leader = false;
  applied = 0;

  constructor(
    private readonly projector: Projector,
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly notifier: EventNotifier,
    private readonly options: ProjectionWorkerOptions,
  ) {
    this.ownsLocks = !options.locks;
    this.locks = options.locks ?? new DedicatedLeaderLocks(options.connectionString, projector.name);
  }

  get name(): string {
    return this.projector.name;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.notifier.onAppend((types) => {
      // Followers ignore appends: they only retry the lock on their own schedule. Types it does not
      // read it moves past at its next poll, once for all that came meanwhile, not a query each.
      if (!this.leader || !this.reads(types)) return;
      this.wakeRequested = true;
      this.wake?.();
    });
    this.loop = this.run();
  }

  /**
   * For a clean shutdown: the batch in hand runs to its commit (a batch is one transaction, so
   * were the process to die instead, it would roll back whole), then the lock is let go.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    await this.releaseLock();
    if (this.ownsLocks) await this.locks.close();
  }

  private async run(): Promise<void> {
    const { batchSize = 500, pollMs = 500, leaderRetryMs = 2_000, log } = this.options;
    let failures = 0;
    let heldBackWaitMs = 0;
    // Where this worker left the checkpoint, carried from batch to batch instead of read before
    // each (a batch checks it under the row lock before applying). Moved by someone else (a
    // replay's swap, a rewind), it shows at the next batch with anything to apply; with nothing
    // appended, it is read again once it has gone unchecked for a poll interval.
    let checkpoint: LogCheckpoint | undefined;
    let checkpointCheckedAt = 0;
    while (this.running) {
      try {
        if (!this.leader) {
          this.leader = await this.tryLead();
          if (!this.leader) {
            await this.idle(leaderRetryMs);
            continue;
          }
          log.debug({ projector: this.name }, 'projector: leading');
          checkpoint = undefined;
        }
        this.wakeRequested = false;
        if (performance.now() - checkpointCheckedAt > pollMs) checkpoint = undefined;
        const batch = await projectBatch(this.orm, this.store, this.projector, { batchSize, from: checkpoint });
        const { applied, caughtUp, heldBack } = batch;
        // A new checkpoint object was read, or written under the row lock: it is the stored one.
        if (batch.checkpoint !== checkpoint) checkpointCheckedAt = performance.now();
        checkpoint = batch.checkpoint;
        this.applied += applied;
        failures = 0;
        if (!caughtUp) continue;
        // Events committed behind an older open transaction become readable when it ends, and
        // that sends no notification: look again soon, less often the longer it lasts.
        heldBackWaitMs = heldBack ? nextHeldBackWaitMs(heldBackWaitMs, pollMs) : 0;
        await this.idle(heldBack ? heldBackWaitMs : pollMs);
      } catch (error) {
        failures += 1;
        checkpoint = undefined;
        log.error({ projector: this.name, err: error, failures }, 'projector: batch failed; retrying');
        if (this.held && !(await this.held.alive())) await this.releaseLock();
        this.wakeRequested = false;
        await this.idle(failureBackoffMs(failures));
      }
    }
  }

  /** Whether any of these committed types is one this projector reads (null: any may have been committed). */
  private reads(types: ReadonlySet<string> | null): boolean {
    const read = this.projector.eventTypes;
    return types === null || read === 'all' || read.some((type) => types.has(type));
  }

  private async tryLead(): Promise<boolean> {
    const lost = () => {
      if (this.held !== held) return;
      this.held = undefined;
      this.leader = false;
    };
    const held = await this.locks.tryLock(this.name, lost);
    this.held = held ?? undefined;
    return held !== null;
  }

  private async releaseLock(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    this.leader = false;
    await held?.release();
  }

  private idle(ms: number): Promise<void> {
    if (this.wakeRequested || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
