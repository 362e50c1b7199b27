import { Injectable } from '@nestjs/common';
import type { ReceivedStripeEvent } from './stripe-webhook-log';

export type StripeEventHandler = (event: ReceivedStripeEvent) => Promise<void>;

/**
 * What the worker does for each Stripe event type; the purchase flows register theirs. A type
 * nobody handles is recorded as ignored (Stripe sends many we do not need).
 */
@Injectable()
export class StripeEventHandlers {
  private readonly handlers = new Map<string, StripeEventHandler[]>();

  on(type: string, handler: StripeEventHandler): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  for(type: string): StripeEventHandler[] {
    return this.handlers.get(type) ?? [];
  }
}
