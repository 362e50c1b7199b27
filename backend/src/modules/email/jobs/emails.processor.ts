import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { EmailDelivery, type DeliveryResult } from '../email-delivery';
import { EMAIL_QUEUE, type EmailJob } from './email-job';

/** The worker's `emails` queue: each job renders and sends one email, once (see EmailDelivery). */
@Processor(EMAIL_QUEUE, { concurrency: 4 })
export class EmailsProcessor extends WorkerHost {
  constructor(private readonly delivery: EmailDelivery) {
    super();
  }

  async process(job: Job<EmailJob>): Promise<{ result: DeliveryResult }> {
    return { result: await this.delivery.deliver(job.data) };
  }
}
