import { randomUUID } from 'node:crypto';
import { StripeCustomerLinked } from '../../../backend/src/modules/subscriptions/customers/customer.events';
import { SubscriptionsProjector } from '../../../backend/src/modules/subscriptions/projections/subscriptions.projector';
import {
  SubscriptionCancellationScheduled,
  SubscriptionCancelled,
  subscriptionEvents,
  SubscriptionPastDue,
  SubscriptionPlanChanged,
  SubscriptionRenewed,
  SubscriptionStarted,
} from '../../../backend/src/modules/subscriptions/subscriptions.events';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new SubscriptionsProjector(), [...subscriptionEvents, StripeCustomerLinked]);

describe('SubscriptionsProjector', () => {
  describe('a subscription', () => {
    it('starts active once, and links its customer to the user', async () => {
      const [id, userId] = [freshId(), freshUser()];
      await projection.given(started(id, userId), started(id, userId, { quantity: 7 }));
      expect(await subscription(id)).toEqual({
        user_id: userId,
        resource_id: 'sculpt-pro',
        plan: 'pro',
        title: 'Sculpt Pro',
        customer_id: 'cus_1',
        license_id: `lic-${id}`,
        quantity: 2,
        status: 'active',
        current_period_end: at(30),
        cancel_at: null,
        renewals: 0,
        started_at: at(1),
        cancelled_at: null,
      });
      expect(await customer(userId)).toBe('cus_1');
    });

    it('counts cycle renewals, never moves its period end back, and is active again once paid', async () => {
      const [id, userId] = [freshId(), freshUser()];
      await projection.given(
        started(id, userId),
        SubscriptionPastDue({
          subscriptionId: id,
          userId,
          email: null,
          title: 'Sculpt Pro',
          invoiceId: 'in_1',
          amountDueCents: 900,
          currency: 'eur',
          payUrl: null,
          nextAttemptAt: null,
          ...unbilled,
          at: at(31),
        }),
      );
      expect(await subscription(id)).toMatchObject({ status: 'past_due' });
      await projection.given(
        renewed(id, userId, 'subscription_cycle', at(50)),
        renewed(id, userId, 'subscription_update', at(40)),
        renewed(id, userId, 'subscription_cycle', at(55)),
      );
      expect(await subscription(id)).toMatchObject({ status: 'active', renewals: 2, current_period_end: at(55) });
    });

    it('schedules its end, changes its mind, and stays cancelled whatever is paid after', async () => {
      const [id, userId] = [freshId(), freshUser()];
      await projection.given(started(id, userId), SubscriptionCancellationScheduled({ subscriptionId: id, userId, cancelAt: at(30), at: at(2) }));
      expect(await subscription(id)).toMatchObject({ cancel_at: at(30) });
      await projection.given(SubscriptionCancellationScheduled({ subscriptionId: id, userId, cancelAt: null, at: at(3) }));
      expect(await subscription(id)).toMatchObject({ cancel_at: null });
      await projection.given(
        SubscriptionCancelled({ subscriptionId: id, userId, endedAt: at(30), unpaidInvoiceIds: [], at: at(30) }),
        renewed(id, userId, 'subscription_cycle', at(59)),
      );
      expect(await subscription(id)).toMatchObject({ status: 'cancelled', cancelled_at: at(30), renewals: 1, current_period_end: at(59) });
    });

    it('takes a new plan and number of seats', async () => {
      const [id, userId] = [freshId(), freshUser()];
      await projection.given(
        started(id, userId),
        SubscriptionPlanChanged({
          subscriptionId: id,
          userId,
          fromResourceId: 'sculpt-pro',
          fromQuantity: 2,
          resourceId: 'sculpt-team',
          plan: 'team',
          title: 'Sculpt Team',
          quantity: 5,
          at: at(4),
        }),
      );
      expect(await subscription(id)).toMatchObject({ resource_id: 'sculpt-team', plan: 'team', title: 'Sculpt Team', quantity: 5 });
    });
  });

  describe('a Stripe customer', () => {
    it('is the one linked last', async () => {
      const userId = freshUser();
      await projection.given(
        StripeCustomerLinked({ userId, customerId: 'cus_a', at: at(1) }),
        StripeCustomerLinked({ userId, customerId: 'cus_b', at: at(2) }),
      );
      expect(await customer(userId)).toBe('cus_b');
    });
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const [id, userId] = [freshId(), freshUser()];
    await projection.given(started(id, userId), renewed(id, userId, 'subscription_cycle', at(58)));
    const before = [await subscription(id), await customer(userId)];
    await projection.replay();
    expect([await subscription(id), await customer(userId)]).toEqual(before);
  });
});

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const freshId = () => `sub_${randomUUID()}`;
const freshUser = () => `user-${randomUUID()}`;

const started = (subscriptionId: string, userId: string, overrides: { quantity?: number } = {}) =>
  SubscriptionStarted({
    subscriptionId,
    userId,
    email: null,
    resourceId: 'sculpt-pro',
    plan: 'pro',
    title: 'Sculpt Pro',
    customerId: 'cus_1',
    quantity: overrides.quantity ?? 2,
    licenseId: `lic-${subscriptionId}`,
    currentPeriodEnd: at(30),
    startedAt: at(1),
  });
const renewed = (subscriptionId: string, userId: string, billingReason: string, currentPeriodEnd: string) =>
  SubscriptionRenewed({
    discount: null,
    tax: null,
    subscriptionId,
    userId,
    email: null,
    title: 'Sculpt Pro',
    invoiceId: `in_${randomUUID()}`,
    billingReason,
    amountCents: 900,
    currency: 'eur',
    currentPeriodEnd,
    ...unbilled,
    at: at(32),
  });
const unbilled = { resourceId: null, quantity: null, periodStart: null, periodEnd: null, invoiceNumber: null };

async function subscription(subscriptionId: string) {
  const [row] = await projection.rows(
    `select user_id, resource_id, plan, title, customer_id, license_id, quantity, status, current_period_end, cancel_at, renewals, started_at, cancelled_at
       from rm_subscriptions where subscription_id = $1`,
    [subscriptionId],
  );
  return row && Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]));
}

async function customer(userId: string) {
  const [row] = await projection.rows<{ customer_id: string }>('select customer_id from rm_customers where user_id = $1', [userId]);
  return row?.customer_id;
}
