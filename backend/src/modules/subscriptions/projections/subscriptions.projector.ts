import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { StripeCustomerLinked } from '../../checkout';
import type { SubscriptionCancellationScheduled, SubscriptionCancelled, SubscriptionPastDue, SubscriptionPlanChanged, SubscriptionRenewed, SubscriptionStarted } from '../subscriptions.events';

/** Subscriptions (plan, status, renewal date) and each user's Stripe customer, for billing. */
export class SubscriptionsProjector implements Projector {
  readonly name = 'SubscriptionsProjector';
  readonly eventTypes = ['SubscriptionStarted', 'SubscriptionRenewed', 'SubscriptionPastDue', 'SubscriptionCancellationScheduled', 'SubscriptionCancelled', 'SubscriptionPlanChanged', 'StripeCustomerLinked'];
  readonly tables = ['rm_subscriptions', 'rm_customers'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'SubscriptionStarted': {
        const d = event.data as EventData<typeof SubscriptionStarted>;
        await em.execute(
          `insert into rm_subscriptions (subscription_id, user_id, resource_id, plan, title, customer_id, license_id, quantity, status, current_period_end, started_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?) on conflict (subscription_id) do nothing`,
          [d.subscriptionId, d.userId, d.resourceId, d.plan, d.title, d.customerId, d.licenseId, d.quantity, d.currentPeriodEnd, d.startedAt],
        );
        await em.execute('insert into rm_customers (user_id, customer_id) values (?, ?) on conflict do nothing', [d.userId, d.customerId]);
        return;
      }
      case 'SubscriptionRenewed': {
        const d = event.data as EventData<typeof SubscriptionRenewed>;
        await em.execute(
          `update rm_subscriptions set current_period_end = greatest(current_period_end, ?::timestamptz),
             renewals = renewals + case when ? = 'subscription_cycle' then 1 else 0 end,
             status = case when status = 'cancelled' then status else 'active' end
           where subscription_id = ?`,
          [d.currentPeriodEnd, d.billingReason, d.subscriptionId],
        );
        return;
      }
      case 'SubscriptionPastDue': {
        const d = event.data as EventData<typeof SubscriptionPastDue>;
        await em.execute("update rm_subscriptions set status = 'past_due' where subscription_id = ? and status = 'active'", [d.subscriptionId]);
        return;
      }
      case 'SubscriptionCancellationScheduled': {
        const d = event.data as EventData<typeof SubscriptionCancellationScheduled>;
        await em.execute('update rm_subscriptions set cancel_at = ? where subscription_id = ?', [d.cancelAt, d.subscriptionId]);
        return;
      }
      case 'SubscriptionCancelled': {
        const d = event.data as EventData<typeof SubscriptionCancelled>;
        await em.execute("update rm_subscriptions set status = 'cancelled', cancelled_at = ? where subscription_id = ?", [d.endedAt, d.subscriptionId]);
        return;
      }
      case 'SubscriptionPlanChanged': {
        const d = event.data as EventData<typeof SubscriptionPlanChanged>;
        await em.execute('update rm_subscriptions set resource_id = ?, plan = ?, title = ?, quantity = ? where subscription_id = ?', [d.resourceId, d.plan, d.title, d.quantity, d.subscriptionId]);
        return;
      }
      case 'StripeCustomerLinked': {
        const d = event.data as EventData<typeof StripeCustomerLinked>;
        await em.execute('insert into rm_customers (user_id, customer_id) values (?, ?) on conflict (user_id) do update set customer_id = excluded.customer_id', [d.userId, d.customerId]);
        return;
      }
    }
  }
}
