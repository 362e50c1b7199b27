import { Queue } from 'bullmq';
import { EMAIL_QUEUE, type EmailJob } from '../../backend/src/modules/email/jobs/email-job';

/**
 * The latest one-time code the local sign-in queued for `to`, read from the site's own `emails`
 * queue (where the worker would pick it up), for tests that run the api without a worker.
 */
export async function latestSignInCode(redisUrl: string, queuePrefix: string, to: string): Promise<string> {
  const url = new URL(redisUrl);
  const queue = new Queue<EmailJob<'sign-in-code'>>(EMAIL_QUEUE, {
    connection: { host: url.hostname, port: Number(url.port || 6379), db: Number(url.pathname.slice(1) || 0) },
    prefix: queuePrefix,
  });
  try {
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized', 'completed', 'active']);
    const mine = jobs.filter((job) => job.name === 'sign-in-code' && job.data.to === to).sort((a, b) => b.timestamp - a.timestamp);
    if (!mine[0]) throw new Error(`no sign-in code was queued for ${to}`);
    return mine[0].data.data.code;
  } finally {
    await queue.close();
  }
}
