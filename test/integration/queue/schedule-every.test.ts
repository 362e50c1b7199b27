import { Queue, Worker, type Job } from 'bullmq';
import { scheduleEvery } from '../../../backend/src/platform/queue/schedule-every';
import { eventually } from '../../support/site-client';
import { uniqueQueuePrefix } from '../../support/test-database';

const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };
const EVERY_MS = 250;
const RUNS = 8;
const SWEEP = 'test.sweep';

interface Sweeps {
  /** The scheduled moment of each run, from its job id (`repeat:<scheduler>:<ms>`). */
  slots: number[];
  /** Runs per period: runs counted over the periods from before the first worker scheduled the sweep. */
  perPeriod: number;
  /** How many periods that was. */
  periods: number;
}

/**
 * Starts `workers` workers on one queue prefix, each with its own Redis connections and each
 * scheduling the sweep as a worker does when it boots, and counts runs until there are RUNS.
 * With `staggered`, each worker after the first starts once the sweep has run again.
 */
async function sweeps(workers: number, { staggered = false } = {}): Promise<Sweeps> {
  const prefix = uniqueQueuePrefix('schedule');
  const slots: number[] = [];
  const queues: Queue[] = [];
  const started: Worker[] = [];
  const since = Date.now();
  for (let i = 0; i < workers; i += 1) {
    if (staggered && i > 0) {
      const seen = slots.length;
      await eventually(
        async () => slots.length,
        (runs) => runs > seen,
      );
    }
    started.push(new Worker(SWEEP, async (job: Job) => void slots.push(Number(job.id!.split(':').pop())), { connection, prefix }));
    const queue = new Queue(SWEEP, { connection, prefix });
    queues.push(queue);
    await scheduleEvery(queue, SWEEP, EVERY_MS);
  }
  await eventually(
    async () => slots.length,
    (runs) => runs >= RUNS,
    30_000,
  );
  const periods = (Date.now() - since) / EVERY_MS;
  const perPeriod = slots.length / periods;
  await Promise.all(started.map((worker) => worker.close()));
  await queues[0]!.obliterate({ force: true });
  await Promise.all(queues.map((queue) => queue.close()));
  return { slots: [...slots], perPeriod, periods };
}

const runTwice = (slots: number[]) => slots.filter((slot, i) => slots.indexOf(slot) !== i);

describe('a sweep scheduled with scheduleEvery', () => {
  it('runs once per period with two workers, as with one (a setInterval in each would run twice)', async () => {
    const one = await sweeps(1);
    const two = await sweeps(2);

    // Slowness only lowers runs per period (BullMQ skips a missed slot rather than catching up),
    // so the bound holds however loaded the machine is; two timers would give about 2 per period.
    expect(one.perPeriod).toBeLessThanOrEqual(1 + 1 / one.periods);
    expect(two.perPeriod).toBeLessThanOrEqual(1 + 1 / two.periods);
    expect(runTwice(two.slots)).toEqual([]);
  });

  it('keeps its one run per period when a second worker starts while it is running', async () => {
    const { slots, perPeriod, periods } = await sweeps(2, { staggered: true });

    expect(perPeriod).toBeLessThanOrEqual(1 + 1 / periods);
    expect(runTwice(slots)).toEqual([]);
    for (let i = 1; i < slots.length; i += 1) expect((slots[i]! - slots[0]!) % EVERY_MS).toBe(0);
  });
});
