import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { requestMetadata } from '../../../events/metadata-for';
import type { SignedInUser } from '../../auth';
import { checkoutDecider } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import { StripeCheckouts, stripeOutage } from '../stripe-checkouts';
import type { CheckoutOutcome } from './open-checkout.handler';

/** The ref a held checkout gets, known before Stripe is called (so the hold can name it). */
export const heldCheckoutRef = (holdRef: string) => `chk_${createHash('sha256').update(`held|${holdRef}`).digest('hex').slice(0, 24)}`;

export interface Hold {
  ref: string;
  expiresAt: Date;
  stripeMetadata: Record<string, string>;
  back: (status: 'success' | 'cancelled') => string;
}

export type HeldCheckoutOutcome = Exclude<CheckoutOutcome, { outcome: 'granted' }>;

export class OpenHeldCheckout extends Command<HeldCheckoutOutcome> {
  constructor(
    readonly user: SignedInUser,
    readonly resource: Resource,
    readonly hold: Hold,
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * A one-time payment for something another module holds for the buyer (a booked time): the
 * Stripe checkout closes when the hold lapses, and Stripe's metadata carries the module's references.
 */
@CommandHandler(OpenHeldCheckout)
export class OpenHeldCheckoutHandler implements ICommandHandler<OpenHeldCheckout, HeldCheckoutOutcome> {
  constructor(
    private readonly stripeCheckouts: StripeCheckouts,
    private readonly store: EventStore,
  ) {}

  async execute({ user, resource, hold, correlationId }: OpenHeldCheckout): Promise<HeldCheckoutOutcome> {
    const metadata = requestMetadata(correlationId, { kind: 'user', userId: user.userId });
    const checkoutRef = heldCheckoutRef(hold.ref);
    try {
      const started = await this.stripeCheckouts.open(user, resource, 1, 'payment', correlationId, {
        checkoutRef,
        expiresAt: Math.floor(hold.expiresAt.getTime() / 1000),
        extraMetadata: hold.stripeMetadata,
        back: hold.back,
      });
      if (started.outcome === 'configuration-error') return started;
      await runCommand({
        store: this.store,
        streamId: checkoutStreamId(checkoutRef),
        decider: checkoutDecider,
        command: { type: 'OpenCheckout', pending: started.pending },
        metadata,
      });
      return { outcome: 'redirect', url: started.url };
    } catch (error) {
      throw stripeOutage(error);
    }
  }
}
