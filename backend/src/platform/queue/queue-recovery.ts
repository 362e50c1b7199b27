import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from './schedule-every';

/** Queues again what a module recorded in Postgres and has not handled yet; returns how many jobs it offered. */
export type RecoverLostJobs = () => Promise<number>;

interface Schedule {
  queue: Queue;
  name: string;
  everyMs: number;
}

/**
 * What a worker puts back when Redis has lost its jobs (a restart without persistence, a
 * failover, a flush): every job scheduler, which lives in Redis too, then what each module
 * recorded in Postgres and has not handled. Modules register both as they start; RedisLossWatch
 * runs them. Every job keeps its id, so one still queued (or added meanwhile by the api) is not
 * queued twice, and every handler is idempotent besides.
 */
@Injectable()
export class QueueRecovery {
  private readonly schedules = new Map<string, Schedule>();
  private readonly recoverers = new Map<string, RecoverLostJobs>();

  /** Runs `name` every `everyMs` (see scheduleEvery) from the worker's start, and again after a loss. */
  schedule(queue: Queue, name: string, everyMs: number): void {
    this.schedules.set(`${queue.name}/${name}`, { queue, name, everyMs });
  }

  onLoss(what: string, recover: RecoverLostJobs): void {
    if (this.recoverers.has(what)) throw new Error(`${what} is recovered twice`);
    this.recoverers.set(what, recover);
  }

  async restoreSchedules(): Promise<void> {
    await Promise.all([...this.schedules.values()].map(({ queue, name, everyMs }) => scheduleEvery(queue, name, everyMs)));
  }

  /**
   * The schedulers, then every module's jobs, side by side; how many jobs each offered. If any
   * failed, this throws once all have run, so the loss is not marked recovered and is retried.
   */
  async recover(): Promise<Record<string, number>> {
    await this.restoreSchedules();
    const names = [...this.recoverers.keys()];
    const results = await Promise.allSettled([...this.recoverers.values()].map((recover) => recover()));
    const failed = results.flatMap((result, i) => (result.status === 'rejected' ? [`${names[i]}: ${String(result.reason)}`] : []));
    if (failed.length > 0) throw new Error(`could not queue again ${failed.join('; ')}`);
    return Object.fromEntries(results.map((result, i) => [names[i], result.status === 'fulfilled' ? result.value : 0]));
  }
}
