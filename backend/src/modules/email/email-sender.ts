import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { EMAIL_QUEUE, type EmailJob } from './jobs/email-job';
import type { EmailKindName } from './email-kinds';

/** Where the rest of the app asks for an email: a job on the `emails` queue, deduplicated by its key. */
@Injectable()
export class EmailSender {
  constructor(@InjectQueue(EMAIL_QUEUE) private readonly queue: Queue<EmailJob>) {}

  async enqueue<K extends EmailKindName>(job: EmailJob<K>): Promise<void> {
    await this.queue.add(job.kind, job as EmailJob, {
      jobId: job.key,
      attempts: 8,
      backoff: { type: 'exponential', delay: 2_000 },
      // Kept a month, so the same key enqueued again within that time is recognised by BullMQ
      // too (the delivery table catches it after that).
      removeOnComplete: { age: 30 * 24 * 3600 },
    });
  }
}
