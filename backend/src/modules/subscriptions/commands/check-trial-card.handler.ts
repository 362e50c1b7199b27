import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { StripeClient } from '../../../integrations/stripe';
import { subscriptionDecider, type SubscriptionSnapshot } from '../subscriptions.decider';
import { subscriptionStreamId } from '../subscriptions.events';
import { trialCardDecider } from '../trials/trial-card.decider';
import { trialCardStreamId } from '../trials/trial-card.events';

export class CheckTrialCard extends Command<void> {
  constructor(
    /** A trialing subscription, as Stripe has it now, whose card is known. */
    readonly snapshot: SubscriptionSnapshot & { trial: { cardFingerprint: string } },
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/**
 * One trial per card: the first trial a card pays for claims it; a later trial on the same card
 * (another account's) is refused and ended at once with Stripe's `trial_end: 'now'`, so its first
 * charge is made now at the regular price, and its owner is told why (the email follows the
 * refusal). Run again (a webhook delivered twice), it changes nothing more: the refusal is recorded
 * once and Stripe's update is made under one idempotency key.
 */
@CommandHandler(CheckTrialCard)
export class CheckTrialCardHandler implements ICommandHandler<CheckTrialCard, void> {
  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
  ) {}

  async execute({ snapshot, metadata }: CheckTrialCard): Promise<void> {
    const at = new Date().toISOString();
    const { subscriptionId, userId } = snapshot;
    const card = await runCommand({
      store: this.store,
      streamId: trialCardStreamId(snapshot.trial.cardFingerprint),
      decider: trialCardDecider,
      command: { type: 'LinkTrialCard', fingerprint: snapshot.trial.cardFingerprint, subscriptionId, userId, at },
      metadata,
    });
    const first = card.state.subscriptionId;
    if (!first || first === subscriptionId) return;
    await runCommand({
      store: this.store,
      streamId: subscriptionStreamId(subscriptionId),
      decider: subscriptionDecider,
      command: { type: 'RecordTrialRefusal', snapshot, firstSubscriptionId: first, at },
      metadata,
    });
    await this.stripe.api.subscriptions.update(subscriptionId, { trial_end: 'now' }, { idempotencyKey: `trial-refused-${subscriptionId}` });
  }
}
