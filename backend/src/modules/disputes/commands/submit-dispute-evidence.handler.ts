import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { fold } from '../../../events/decider';
import { StripeClient } from '../../../integrations/stripe';
import type { DisputeEvidence } from '../dispute-evidence';
import { disputeDecider } from '../disputes.decider';
import { DisputeNotFoundError, DisputeSubmissionRefusedError } from '../disputes.errors';
import { disputeStreamId } from '../disputes.events';

/** An admin sends the dispute's evidence (as reviewed and edited) to Stripe. */
export class SubmitDisputeEvidence extends Command<{ status: string }> {
  constructor(
    readonly disputeId: string,
    readonly evidence: DisputeEvidence,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/**
 * Sends the evidence with `submit=true` through Stripe's API, then records that Stripe took it.
 * The call carries an idempotency key per dispute and evidence, so a retry after a lost answer gets Stripe's
 * first answer; a second submission of the same evidence records nothing, different evidence is refused.
 */
@CommandHandler(SubmitDisputeEvidence)
export class SubmitDisputeEvidenceHandler implements ICommandHandler<SubmitDisputeEvidence, { status: string }> {
  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
  ) {}

  async execute({ disputeId, evidence, metadata }: SubmitDisputeEvidence): Promise<{ status: string }> {
    const streamId = disputeStreamId(disputeId);
    const state = fold(disputeDecider, await this.store.readStream(streamId, disputeDecider.events));
    if (state.status === 'none') throw new DisputeNotFoundError();
    if (state.status === 'submitted') {
      disputeDecider.decide({ type: 'SubmitDisputeEvidence', evidence, stripeStatus: '', at: '' }, state);
      return { status: 'submitted' };
    }
    const stripeStatus = await this.send(disputeId, evidence);
    await runCommand({
      store: this.store,
      streamId,
      decider: disputeDecider,
      command: { type: 'SubmitDisputeEvidence', evidence, stripeStatus, at: new Date().toISOString() },
      metadata,
    });
    return { status: 'submitted' };
  }

  private async send(disputeId: string, evidence: DisputeEvidence): Promise<string> {
    try {
      const updated = await this.stripe.api.disputes.update(disputeId, { evidence, submit: true }, { idempotencyKey: submissionKey(disputeId, evidence) });
      return updated.status;
    } catch (error) {
      const { type, message } = error as { type?: string; message?: string };
      if (type === 'StripeInvalidRequestError' || type === 'StripeIdempotencyError') throw new DisputeSubmissionRefusedError(message ?? 'no reason given');
      throw error;
    }
  }
}

/** One key per dispute and evidence: a retry replays Stripe's answer, edited evidence after a refusal is a new request. */
const submissionKey = (disputeId: string, evidence: DisputeEvidence) =>
  `dispute-evidence-${disputeId}-${createHash('sha256').update(JSON.stringify(evidence)).digest('hex').slice(0, 32)}`;
