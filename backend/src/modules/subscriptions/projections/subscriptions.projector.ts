import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { StripeCustomerLinked } from '../customers/customer.events';
import { subscriptionEvents } from '../subscriptions.events';
import { subscriptionTables } from './subscriptions.entities';

const projectedEvents = [...subscriptionEvents, StripeCustomerLinked];
type SubscriptionsEvent = Recorded<ReturnType<(typeof projectedEvents)[number]>>;

/** Subscriptions (plan, status, renewal date) and each user's Stripe customer, for billing. */
export class SubscriptionsProjector implements Projector<SubscriptionsEvent> {
  readonly name = 'SubscriptionsProjector';
  readonly eventTypes = projectedEvents.map((definition) => definition.type);
  readonly tables = ['rm_subscriptions', 'rm_customers'];

  async apply(event: SubscriptionsEvent, em: EntityManager): Promise<void> {
    const db = subscriptionTables(em);
    switch (event.type) {
      case 'SubscriptionStarted': {
        const d = event.data;
        await db
          .insertInto('rm_subscriptions')
          .values({
            subscription_id: d.subscriptionId,
            user_id: d.userId,
            resource_id: d.resourceId,
            plan: d.plan,
            title: d.title,
            customer_id: d.customerId,
            license_id: d.licenseId,
            quantity: d.quantity,
            status: 'active',
            current_period_end: new Date(d.currentPeriodEnd),
            started_at: new Date(d.startedAt),
          })
          .onConflict((conflict) => conflict.column('subscription_id').doNothing())
          .execute();
        await db
          .insertInto('rm_customers')
          .values({ user_id: d.userId, customer_id: d.customerId })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      case 'SubscriptionRenewed': {
        const d = event.data;
        await db
          .updateTable('rm_subscriptions')
          .set((eb) => ({
            // Invoices can arrive out of order: the period end only moves forward.
            current_period_end: eb.fn<Date>('greatest', [eb.ref('current_period_end'), eb.val(new Date(d.currentPeriodEnd))]),
            ...(d.billingReason === 'subscription_cycle' ? { renewals: eb('renewals', '+', 1) } : {}),
            // Its first charge after a free trial: the trial is over.
            ...(d.billingReason !== 'subscription_create' ? { trial_ends_at: null, trial_amount_cents: null, trial_currency: null } : {}),
            status: eb.case().when('status', '=', 'cancelled').then(eb.ref('status')).else(eb.val<'active'>('active')).end(),
          }))
          .where('subscription_id', '=', d.subscriptionId)
          .execute();
        return;
      }
      case 'SubscriptionPastDue':
        await db
          .updateTable('rm_subscriptions')
          .set({ status: 'past_due' })
          .where('subscription_id', '=', event.data.subscriptionId)
          .where('status', '=', 'active')
          .execute();
        return;
      case 'SubscriptionCancellationScheduled': {
        const d = event.data;
        await db
          .updateTable('rm_subscriptions')
          .set({ cancel_at: d.cancelAt === null ? null : new Date(d.cancelAt) })
          .where('subscription_id', '=', d.subscriptionId)
          .execute();
        return;
      }
      case 'SubscriptionCancelled':
        await db
          .updateTable('rm_subscriptions')
          .set({ status: 'cancelled', cancelled_at: new Date(event.data.endedAt) })
          .where('subscription_id', '=', event.data.subscriptionId)
          .execute();
        return;
      case 'SubscriptionPlanChanged': {
        const d = event.data;
        await db
          .updateTable('rm_subscriptions')
          .set({ resource_id: d.resourceId, plan: d.plan, title: d.title, quantity: d.quantity })
          .where('subscription_id', '=', d.subscriptionId)
          .execute();
        return;
      }
      case 'SubscriptionTrialStarted': {
        const d = event.data;
        await db
          .updateTable('rm_subscriptions')
          .set({ trial_ends_at: new Date(d.trialEnd), trial_amount_cents: d.amountCents, trial_currency: d.currency })
          .where('subscription_id', '=', d.subscriptionId)
          .execute();
        return;
      }
      case 'SubscriptionTrialRefused':
        await db
          .updateTable('rm_subscriptions')
          .set({ trial_ends_at: null, trial_amount_cents: null, trial_currency: null })
          .where('subscription_id', '=', event.data.subscriptionId)
          .execute();
        return;
      case 'StripeCustomerLinked': {
        const d = event.data;
        await db
          .insertInto('rm_customers')
          .values({ user_id: d.userId, customer_id: d.customerId })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet((eb) => ({ customer_id: eb.ref('excluded.customer_id') })))
          .execute();
        return;
      }
    }
  }
}
