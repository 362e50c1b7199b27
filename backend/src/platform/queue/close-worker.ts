import type { Worker } from 'bullmq';
import type { Logger } from 'pino';

const READY_WITHIN_MS = 3_000;
const POLL_MS = 100;

/** Whether both of the worker's Redis connections (commands and the blocking wait) are up. */
async function connected(worker: Worker): Promise<boolean> {
  const clients = await Promise.all([worker.backend.client, worker.backend.blockingClient]);
  return clients.every((client) => client === undefined || client.status === 'ready');
}

/**
 * Closes a worker, letting its running jobs finish when Redis is there to record them.
 *
 * BullMQ's gentle close never returns while a connection is between reconnect attempts
 * (taskforcesh/bullmq#4656): it waits for an 'end' event ioredis does not send then. So a worker
 * whose Redis does not answer within a few seconds is closed at once instead; a job it was running
 * loses its lock and is retried by the next worker, and every job here is idempotent.
 */
export async function closeWorker(worker: Worker, log: Logger): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let ready = await connected(worker);
  while (!ready && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    ready = await connected(worker);
  }
  if (!ready) log.warn({ queue: worker.name }, 'Redis is not reachable: closing the worker without waiting for its jobs');
  await worker.close(!ready);
}
