import { Queue, Worker } from 'bullmq';
import pino from 'pino';
import { closeWorker } from '../../../backend/src/platform/queue/close-worker';
import { TcpProxy, throughProxy } from '../../support/tcp-proxy';
import { uniqueQueuePrefix } from '../../support/test-database';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0');
const log = pino({ level: 'silent' });
let redis: TcpProxy;
let prefix: string;

beforeEach(async () => {
  redis = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
  await redis.start();
  prefix = uniqueQueuePrefix('close');
});
afterEach(() => redis.stop());

function workerThroughProxy(processor: () => Promise<void>): Worker {
  const worker = new Worker('jobs', processor, { connection: { url: throughProxy(redisUrl.toString(), redis), maxRetriesPerRequest: null }, prefix });
  worker.on('error', () => undefined);
  return worker;
}

async function timed(work: Promise<void>): Promise<number> {
  const started = Date.now();
  await work;
  return Date.now() - started;
}

describe('closing a BullMQ worker on shutdown', () => {
  it('lets the running job finish when Redis is there', async () => {
    let finished = false;
    const worker = workerThroughProxy(async () => {
      // The job's own work, taking a while: closing must wait for it (it is the fixture, not a wait for something).
      await new Promise((resolve) => setTimeout(resolve, 700));
      finished = true;
    });
    const queue = new Queue('jobs', { connection: { url: redisUrl.toString() }, prefix });
    await worker.waitUntilReady();
    const started = new Promise<void>((resolve) => worker.once('active', () => resolve()));
    await queue.add('slow', {});
    await started;
    await closeWorker(worker, log);
    expect(finished).toBe(true);
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('returns when Redis came back a moment before (BullMQ alone would wait forever)', async () => {
    const worker = workerThroughProxy(async () => undefined);
    await worker.waitUntilReady();
    await redis.cut();
    // An outage long enough for the worker's connections to go through failed reconnects; they say nothing a test can wait on.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await redis.restore();
    expect(await timed(closeWorker(worker, log))).toBeLessThan(5_000);
    expect(worker.closing).toBeDefined();
  });

  it('returns within a few seconds when Redis is still down', async () => {
    const worker = workerThroughProxy(async () => undefined);
    await worker.waitUntilReady();
    await redis.cut();
    // Lets the worker notice the outage before it is closed; its reconnect attempts say nothing a test can wait on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await timed(closeWorker(worker, log))).toBeLessThan(5_000);
  });
});
