import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Resource } from '../../../../contracts/catalog/resource';
import type { SignedInUser } from '../auth';
import { heldCheckoutRef, type HeldCheckoutOutcome, type Hold, OpenHeldCheckout } from './commands/open-held-checkout.handler';

/** What booking calls to pay for a held time: it dispatches the checkout's `OpenHeldCheckout` command. */
@Injectable()
export class CheckoutService {
  constructor(private readonly commands: CommandBus) {}

  openHeldCheckout(user: SignedInUser, resource: Resource, hold: Hold, correlationId: string): Promise<HeldCheckoutOutcome> {
    return this.commands.execute(new OpenHeldCheckout(user, resource, hold, correlationId));
  }

  /** The ref a held checkout gets, known before Stripe is called (so the hold can name it). */
  static heldCheckoutRef(holdRef: string): string {
    return heldCheckoutRef(holdRef);
  }
}
