import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { stripeEventMetadata } from '../../../events/metadata-for';
import { isoFromSeconds, ourMetadata, type ReceivedStripeEvent, StripeClient, stripeIdOf, StripeRecords } from '../../../integrations/stripe';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AppConfig } from '../../../platform/config/config.schema';
import { type EvidenceFacts, noFacts } from '../dispute-evidence';
import { disputeDecider } from '../disputes.decider';
import { disputeStreamId } from '../disputes.events';
import { EvidenceFactsQueries } from '../evidence-facts.queries';
import { formatEvidence } from '../format-evidence';

/** Stripe's `charge.dispute.created`: a chargeback on one of our payments. */
export class OpenDispute extends Command<void> {
  constructor(readonly event: ReceivedStripeEvent) {
    super();
  }
}

/** The purchase a dispute names is not projected yet: the job is retried. */
export class DisputedPurchaseNotYetError extends Error {}

const objectId = (event: ReceivedStripeEvent): unknown => (event.payload as { data?: { object?: { id?: unknown } } } | null)?.data?.object?.id;

/**
 * Reads the dispute as Stripe has it and the purchase its payment was for, assembles the evidence
 * the log holds for that account, and records both once: a redelivered or retried event finds the
 * dispute's stream already started and records nothing.
 */
@CommandHandler(OpenDispute)
export class OpenDisputeHandler implements ICommandHandler<OpenDispute, void> {
  private readonly records: StripeRecords;

  constructor(
    private readonly store: EventStore,
    stripe: StripeClient,
    private readonly facts: EvidenceFactsQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.records = new StripeRecords(stripe);
  }

  async execute({ event }: OpenDispute): Promise<void> {
    const dispute = await this.records.dispute(objectId(event));
    const streamId = disputeStreamId(dispute.id);
    if ((await this.store.readStream(streamId, disputeDecider.events)).length > 0) return;
    const paymentIntentId = stripeIdOf(dispute.payment_intent);
    const ours = paymentIntentId ? ourMetadata((await this.records.paymentIntent(paymentIntentId)).metadata) : null;
    const facts = ours ? await this.facts.factsFor(ours.userId, ours.checkoutRef) : null;
    if (ours && !facts?.purchase) throw new DisputedPurchaseNotYetError(`the purchase ${ours.checkoutRef} is not projected yet`);
    const known = withCardholder(facts ?? noFacts(), (await this.records.charge(stripeIdOf(dispute.charge))).billing_details);
    await runCommand({
      store: this.store,
      streamId,
      decider: disputeDecider,
      command: {
        type: 'OpenDispute',
        dispute: {
          disputeId: dispute.id,
          chargeId: stripeIdOf(dispute.charge) ?? '',
          paymentIntentId,
          checkoutRef: ours?.checkoutRef ?? null,
          userId: ours?.userId ?? null,
          amountCents: dispute.amount,
          currency: dispute.currency,
          reason: dispute.reason,
          dueBy: isoFromSeconds(dispute.evidence_details?.due_by),
        },
        stripeEventId: event.id,
        facts: known,
        evidence: formatEvidence(known, this.config.PUBLIC_URL),
        at: new Date().toISOString(),
      },
      metadata: stripeEventMetadata(event.id),
    });
  }
}

/** What the log lacks of the customer's name and address, the card's billing details at Stripe give (the cardholder's own). */
function withCardholder(facts: EvidenceFacts, billing: { name: string | null; email: string | null } | null | undefined): EvidenceFacts {
  return { ...facts, customer: { email: facts.customer.email ?? billing?.email ?? null, name: facts.customer.name ?? billing?.name ?? null } };
}
