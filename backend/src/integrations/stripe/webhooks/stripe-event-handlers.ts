import { Injectable } from '@nestjs/common';
import { type HandledStripeEventType, STRIPE_JOB_NAMES } from '../jobs/stripe-job-names';
import type { ReceivedStripeEvent } from './stripe-webhook-log';

export type StripeEventHandler = (event: ReceivedStripeEvent) => Promise<void>;

/**
 * What the worker does for each Stripe event type; the purchase flows register theirs, each under
 * its type's job name. A job nothing is registered for records its event as ignored (Stripe sends
 * many we do not need).
 */
@Injectable()
export class StripeEventHandlers {
  private readonly handlers = new Map<string, StripeEventHandler[]>();

  private readonly types = new Set<string>();

  on(type: HandledStripeEventType, handler: StripeEventHandler): void {
    const name = STRIPE_JOB_NAMES[type];
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
    this.types.add(type);
  }

  /** The event types something is registered for: any other is recorded as ignored. */
  handledTypes(): string[] {
    return [...this.types];
  }

  /** The handlers a job of this name runs. */
  for(jobName: string): StripeEventHandler[] {
    return this.handlers.get(jobName) ?? [];
  }
}
