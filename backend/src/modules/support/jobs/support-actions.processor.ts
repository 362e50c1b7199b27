import { Processor, WorkerHost } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import Stripe from 'stripe';
import { fold } from '../../../events/decider';
import { EventStore } from '../../../events/event-store';
import { causedBy } from '../../../events/metadata-for';
import { StripeClient } from '../../../integrations/stripe';
import { supportActionDecider } from '../support-action.decider';
import { supportActionStreamId, type SupportAction } from '../support-actions.events';
import { SettleSupportAction } from '../commands/settle-support-action.handler';
import { SupportActionTargets } from '../support-action-targets';
import { SUPPORT_ACTIONS_QUEUE, type SupportActionJobData } from './support-action-queue';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** Stripe's answers that another try would only repeat: the refund is refused for good. */
const refusedForGood = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripeCardError ||
  error instanceof Stripe.errors.StripePermissionError;

type Settled = { ok: true; outcome: string } | { ok: false; error: string };

/**
 * admin.refund and admin.cancel-subscription: asks Stripe for what a support action recorded,
 * with the action's id in the idempotency key (a second run gets Stripe's first answer, never a
 * second refund), then records how it ended. Access follows Stripe's webhooks (charge.refunded,
 * customer.subscription.deleted), as for any refund or cancellation.
 */
@Processor(SUPPORT_ACTIONS_QUEUE)
export class SupportActionsProcessor extends WorkerHost {
  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
    private readonly targets: SupportActionTargets,
    private readonly commands: CommandBus,
  ) {
    super();
  }

  async process(job: Job<SupportActionJobData>): Promise<string> {
    const { actionId, cause } = job.data;
    const history = await this.store.readStream(supportActionStreamId(actionId), supportActionDecider.events);
    const state = fold(supportActionDecider, history);
    if (state.status !== 'recorded') return `already ${state.status}`;
    const action = state.action;
    const metadata = causedBy(cause, { kind: 'admin', userId: action.actor.id });
    const settle = (settled: Settled) => this.commands.execute(new SettleSupportAction(actionId, settled, metadata));
    try {
      const settled = action.kind === 'refund' ? await this.refund(action) : action.kind === 'cancel_subscription' ? await this.cancel(action) : null;
      if (!settled) return `nothing to do for ${action.kind}`;
      await settle(settled);
      return settled.ok ? settled.outcome : settled.error;
    } catch (error) {
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!refusedForGood(error) && !lastTry) throw error;
      await settle({ ok: false, error: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
  }

  private async refund(action: Extract<SupportAction, { kind: 'refund' }>): Promise<Settled> {
    const purchase = await this.targets.purchase(action.userId, action.details.checkoutRef).catch(() => null);
    if (!purchase?.paymentIntentId) return { ok: false, error: 'The payment has no Stripe payment to refund.' };
    const refund = await this.stripe.api.refunds.create(
      {
        payment_intent: purchase.paymentIntentId,
        amount: action.details.amount,
        reason: 'requested_by_customer',
        metadata: { support_action_id: action.actionId, checkout_ref: action.details.checkoutRef },
      },
      { idempotencyKey: `support-refund-${action.actionId}` },
    );
    return { ok: true, outcome: `Refunded ${money(refund.amount, refund.currency)} (${refund.id})` };
  }

  private async cancel(action: Extract<SupportAction, { kind: 'cancel_subscription' }>): Promise<Settled> {
    const subscription = await this.stripe.api.subscriptions.cancel(action.details.subscriptionId, {}, { idempotencyKey: `support-cancel-${action.actionId}` });
    return { ok: true, outcome: `Subscription ${subscription.id} cancelled` };
  }
}
