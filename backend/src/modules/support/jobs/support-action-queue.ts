import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Cause } from '../../../events/metadata-for';
import type { SupportAction } from '../support-actions.events';

export const SUPPORT_ACTIONS_QUEUE = 'support-actions';
export const SUPPORT_REFUND_JOB = 'admin.refund';
export const SUPPORT_CANCEL_SUBSCRIPTION_JOB = 'admin.cancel-subscription';

export interface SupportActionJobData {
  actionId: string;
  /** The SupportActionRecorded event: what the job records is caused by it. */
  cause: Cause;
}

/** Hands an asynchronous support action (a refund, a cancellation) to the worker, once per action id. */
@Injectable()
export class SupportActionQueue {
  constructor(@InjectQueue(SUPPORT_ACTIONS_QUEUE) private readonly queue: Queue<SupportActionJobData>) {}

  async enqueue(action: SupportAction, cause: Cause): Promise<void> {
    const job =
      action.kind === 'refund'
        ? { name: SUPPORT_REFUND_JOB, id: `support-refund-${action.actionId}` }
        : action.kind === 'cancel_subscription'
          ? { name: SUPPORT_CANCEL_SUBSCRIPTION_JOB, id: `support-cancel-subscription-${action.actionId}` }
          : null;
    if (!job) return;
    await this.queue.add(
      job.name,
      { actionId: action.actionId, cause },
      {
        // The action id names the job: a second submit of the same form finds it and adds nothing.
        jobId: job.id,
        attempts: 8,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    );
  }
}
