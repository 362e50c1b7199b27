import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BillingDetailsInput } from '../../../../../contracts/billing/billing-details.contract';
import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { requestMetadata } from '../../../events/metadata-for';
import type { SignedInUser } from '../../auth';
import { LinkStripeCustomer } from '../../subscriptions';
import { billingDetailsDecider } from '../billing-details/billing-details.decider';
import { billingDetailsStreamId } from '../billing-details/billing-details.events';
import { StripeBillingDetails, type TaxIdStatus } from '../billing-details/stripe-billing-details';

export interface BillingDetailsSaved {
  buyer: BillingParty;
  taxIdStatus: TaxIdStatus;
  taxOrigin: string | null;
  /** Whether anything changed (and so the recent invoices are reissued). */
  changed: boolean;
  at: string;
}

export class ChangeBillingDetails extends Command<BillingDetailsSaved> {
  constructor(
    readonly user: SignedInUser,
    readonly input: BillingDetailsInput,
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * Saves an account's billing details: on its Stripe customer first (Stripe checks the tax number,
 * and refuses what the register denies), then `BillingDetailsChanged` on its stream, unless they
 * are the details it has.
 */
@CommandHandler(ChangeBillingDetails)
export class ChangeBillingDetailsHandler implements ICommandHandler<ChangeBillingDetails, BillingDetailsSaved> {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly stripe: StripeBillingDetails,
  ) {}

  async execute({ user, input, correlationId }: ChangeBillingDetails): Promise<BillingDetailsSaved> {
    const customer = await this.commands.execute(new LinkStripeCustomer(user, correlationId));
    const { buyer, taxIdStatus } = await this.stripe.save(customer, input);
    const taxOrigin = await this.stripe.taxOrigin();
    const at = new Date().toISOString();
    const outcome = await runCommand({
      store: this.store,
      streamId: billingDetailsStreamId(user.userId),
      decider: billingDetailsDecider,
      command: { type: 'ChangeBillingDetails', userId: user.userId, buyer, taxIdStatus, taxOrigin, at },
      metadata: requestMetadata(correlationId, { kind: 'user', userId: user.userId }),
    });
    return { buyer, taxIdStatus, taxOrigin, changed: outcome.status === 'appended', at };
  }
}
