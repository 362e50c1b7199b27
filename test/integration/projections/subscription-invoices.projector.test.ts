import { randomUUID } from 'node:crypto';
import { SubscriptionInvoicesProjector } from '../../../backend/src/modules/subscriptions/projections/subscription-invoices.projector';
import {
  subscriptionEvents,
  SubscriptionInvoiceRefunded,
  SubscriptionPastDue,
  SubscriptionRenewed,
} from '../../../backend/src/modules/subscriptions/subscriptions.events';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new SubscriptionInvoicesProjector(), subscriptionEvents);

describe('SubscriptionInvoicesProjector', () => {
  describe('a renewal paid at once', () => {
    it('is a paid invoice with the plan, the seats and the period it pays for', async () => {
      const [invoiceId, userId] = [freshId('in'), freshId('user')];
      await projection.given(renewed(invoiceId, userId, 'subscription_cycle', at(30)));
      expect(await invoice(invoiceId)).toEqual({
        user_id: userId,
        resource_id: 'pro-monthly',
        title: 'Pro',
        quantity: 1,
        billing_reason: 'subscription_cycle',
        status: 'paid',
        amount_cents: 1900,
        currency: 'usd',
        period_start: at(30),
        period_end: at(60),
        invoice_number: 'ABC-0002',
        failed_at: null,
        paid_at: at(30),
        refunded_cents: 0,
        refunded: false,
      });
    });
  });

  describe('a renewal refunded', () => {
    it('keeps what has been refunded of its charge: in part, then all of it', async () => {
      const [invoiceId, userId] = [freshId('in'), freshId('user')];
      await projection.given(renewed(invoiceId, userId, 'subscription_cycle', at(30)), refunded(invoiceId, userId, 300, false));
      expect(await invoice(invoiceId)).toMatchObject({ status: 'paid', amount_cents: 1900, refunded_cents: 300, refunded: false });
      await projection.given(refunded(invoiceId, userId, 1900, true));
      expect(await invoice(invoiceId)).toMatchObject({ status: 'paid', refunded_cents: 1900, refunded: true });
    });
  });

  describe('a renewal that failed', () => {
    it('waits open with its period, then is paid, keeping when it failed', async () => {
      const [invoiceId, userId] = [freshId('in'), freshId('user')];
      await projection.given(pastDue(invoiceId, userId, at(30)));
      expect(await invoice(invoiceId)).toMatchObject({
        status: 'open',
        amount_cents: 1900,
        period_start: at(30),
        period_end: at(60),
        failed_at: at(30),
        paid_at: null,
      });
      await projection.given(renewed(invoiceId, userId, 'subscription_cycle', at(33)));
      expect(await invoice(invoiceId)).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', failed_at: at(30), paid_at: at(33) });
    });

    it('paid before its failure is projected (two streams, any order), stays paid', async () => {
      const [invoiceId, userId] = [freshId('in'), freshId('user')];
      await projection.given(renewed(invoiceId, userId, 'subscription_cycle', at(33)), pastDue(invoiceId, userId, at(30)));
      expect(await invoice(invoiceId)).toMatchObject({ status: 'paid', failed_at: at(30), paid_at: at(33) });
    });
  });

  describe('recorded before invoices named their period (version 1)', () => {
    it('is read with no plan, seats, period or number', () => {
      const v1 = { ...renewed('in_v1', 'user_v1', 'subscription_cycle', at(30)).data } as Record<string, unknown>;
      for (const key of Object.keys(unbilled)) delete v1[key];
      expect(new EventRegistry().register(SubscriptionRenewed).decode('SubscriptionRenewed', 1, v1)).toEqual({ ...v1, ...unbilled });
    });

    it('is kept without plan, seats or period', async () => {
      const [invoiceId, userId] = [freshId('in'), freshId('user')];
      await projection.given(renewed(invoiceId, userId, 'subscription_update', at(40), unbilled));
      expect(await invoice(invoiceId)).toMatchObject({
        resource_id: null,
        quantity: null,
        period_start: null,
        period_end: null,
        billing_reason: 'subscription_update',
      });
    });
  });

  it('replays to the same rows', async () => {
    const [invoiceId, userId] = [freshId('in'), freshId('user')];
    await projection.given(
      pastDue(invoiceId, userId, at(30)),
      renewed(invoiceId, userId, 'subscription_cycle', at(31)),
      refunded(invoiceId, userId, 500, false),
    );
    const before = await invoice(invoiceId);
    await projection.replay();
    expect(await invoice(invoiceId)).toEqual(before);
  });
});

const DAY_MS = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * DAY_MS).toISOString();
const freshId = (prefix: string) => `${prefix}_${randomUUID()}`;
const unbilled = { resourceId: null, quantity: null, periodStart: null, periodEnd: null, invoiceNumber: null };
const billed = (start: string) => ({
  resourceId: 'pro-monthly',
  quantity: 1,
  periodStart: start,
  periodEnd: new Date(Date.parse(start) + 30 * DAY_MS).toISOString(),
  invoiceNumber: 'ABC-0002',
});

const renewed = (
  invoiceId: string,
  userId: string,
  billingReason: string,
  paidAt: string,
  overrides: Partial<Parameters<typeof SubscriptionRenewed>[0]> = {},
) =>
  SubscriptionRenewed({
    discount: null,
    tax: null,
    subscriptionId: 'sub_1',
    userId,
    email: null,
    title: 'Pro',
    invoiceId,
    billingReason,
    amountCents: 1900,
    currency: 'usd',
    currentPeriodEnd: at(60),
    ...billed(at(30)),
    ...overrides,
    at: paidAt,
  });

const pastDue = (invoiceId: string, userId: string, failedAt: string) =>
  SubscriptionPastDue({
    subscriptionId: 'sub_1',
    userId,
    email: null,
    title: 'Pro',
    invoiceId,
    amountDueCents: 1900,
    currency: 'usd',
    payUrl: null,
    nextAttemptAt: null,
    ...billed(at(30)),
    at: failedAt,
  });

const refunded = (invoiceId: string, userId: string, amountRefundedCents: number, full: boolean) =>
  SubscriptionInvoiceRefunded({
    subscriptionId: 'sub_1',
    userId,
    invoiceId,
    billingReason: 'subscription_cycle',
    checkoutRef: 'ref_1',
    chargeId: `ch_${invoiceId}`,
    amountRefundedCents,
    currency: 'usd',
    full,
    at: at(35),
  });

async function invoice(invoiceId: string) {
  const [row] = await projection.rows(
    `select user_id, resource_id, title, quantity, billing_reason, status, amount_cents, currency, period_start, period_end, invoice_number, failed_at, paid_at,
            refunded_cents, refunded
       from rm_subscription_invoices where invoice_id = $1`,
    [invoiceId],
  );
  return row && Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}
