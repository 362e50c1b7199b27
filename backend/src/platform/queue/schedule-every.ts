import type { Queue } from 'bullmq';

/**
 * A run that fails is not retried: the next period runs it again anyway. A few finished runs are
 * kept to look at; the queue-wide default (a week of them) would be thousands of sweeps.
 */
const SCHEDULED_JOB_OPTIONS = { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } };

/**
 * Runs the job `name` every `everyMs`, once per period across all workers: BullMQ keeps one
 * scheduler per id in Redis, a worker that upserts it again with the same period leaves its next
 * run where it is, and each run is a single job that one worker takes. On a Redis that has no such
 * scheduler yet (first start, or after Redis lost its data) the first run is due at once.
 * BullMQ ids may not contain ':', so neither may `name`.
 */
export async function scheduleEvery(queue: Queue, name: string, everyMs: number): Promise<void> {
  await queue.upsertJobScheduler(name, { every: everyMs }, { name, opts: SCHEDULED_JOB_OPTIONS });
}
