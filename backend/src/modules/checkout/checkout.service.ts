import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Resource } from '../../../../contracts/catalog/resource';
import type { EventMetadata } from '../../events/event-metadata';
import type { SignedInUser } from '../auth';
import { CancelCheckout } from './commands/cancel-checkout.handler';
import { heldCheckoutRef, type HeldCheckoutOutcome, type Hold, OpenHeldCheckout } from './commands/open-held-checkout.handler';

/** What booking calls to pay for a held time, or to cancel that payment: it dispatches the checkout's commands. */
@Injectable()
export class CheckoutService {
  constructor(private readonly commands: CommandBus) {}

  openHeldCheckout(user: SignedInUser, resource: Resource, hold: Hold, correlationId: string): Promise<HeldCheckoutOutcome> {
    return this.commands.execute(new OpenHeldCheckout(user, resource, hold, correlationId));
  }

  /** The customer came back from the held time's Stripe checkout without paying: its checkout ends as cancelled. */
  async cancelHeldCheckout(userId: string, holdRef: string, metadata: EventMetadata): Promise<void> {
    await this.commands.execute(new CancelCheckout(userId, { checkoutRef: heldCheckoutRef(holdRef) }, metadata));
  }

  /** The ref a held checkout gets, known before Stripe is called (so the hold can name it). */
  static heldCheckoutRef(holdRef: string): string {
    return heldCheckoutRef(holdRef);
  }
}
