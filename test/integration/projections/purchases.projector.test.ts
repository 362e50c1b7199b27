import { randomUUID } from 'node:crypto';
import type { ChargeTax } from '../../../contracts/billing/charge-tax';
import {
  PendingPaymentExpired,
  PendingPaymentOpened,
  PendingPaymentProcessing,
  PendingPaymentSettled,
  PurchaseCompleted,
  PurchaseDisputed,
  PurchaseRefunded,
  ResourceAccessGranted,
  ResourceAccessRevoked,
  purchaseEvents,
} from '../../../backend/src/modules/checkout/checkout.events';
import { PurchasesProjector } from '../../../backend/src/modules/checkout/projections/purchases.projector';
import { renewalPaymentEvents } from '../../../backend/src/modules/checkout/projections/renewal-pending-payments';
import {
  SubscriptionCancelled,
  SubscriptionInvoiceRefunded,
  SubscriptionPastDue,
  SubscriptionRenewed,
} from '../../../backend/src/modules/subscriptions/subscriptions.events';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new PurchasesProjector(), [...purchaseEvents, ...renewalPaymentEvents, SubscriptionInvoiceRefunded]);

describe('PurchasesProjector', () => {
  describe('a purchase', () => {
    it('is recorded as paid once, whatever Stripe repeats', async () => {
      const ref = freshRef();
      await projection.given(completed(ref, { amountCents: 4900 }), completed(ref, { amountCents: 1 }));
      expect(await purchase(ref)).toEqual({
        status: 'paid',
        refunded_cents: 0,
        amount_cents: 4900,
        quantity: 2,
        completed_at: at(1),
        payment_intent_id: 'pi_1',
        subscription_id: null,
      });
    });

    it('keeps what was charged before and as tax, by rate; none for a purchase recorded before tax was collected', async () => {
      const [taxed, untaxed] = [freshRef(), freshRef()];
      const line = {
        country: 'DE',
        state: null,
        taxType: 'vat',
        percentage: 19,
        taxabilityReason: 'standard_rated',
        taxableAmountCents: 4900,
        amountCents: 931,
      };
      const tax: ChargeTax = {
        currency: 'eur',
        subtotalCents: 4900,
        taxCents: 931,
        totalCents: 5831,
        reverseCharge: false,
        lines: [line],
        buyer: { name: 'Erika Mustermann', businessName: null, address: null, taxIds: [] },
      };
      await projection.given(completed(taxed, { amountCents: 5831, tax }), completed(untaxed));
      const taxOf = async (ref: string) =>
        (
          await projection.rows<{
            amount_cents: number;
            subtotal_cents: number | null;
            tax_cents: number | null;
            reverse_charge: boolean | null;
            tax_lines: unknown;
          }>('select amount_cents, subtotal_cents, tax_cents, reverse_charge, tax_lines from rm_purchases where checkout_ref = $1', [ref])
        )[0];
      expect(await taxOf(taxed)).toEqual({ amount_cents: 5831, subtotal_cents: 4900, tax_cents: 931, reverse_charge: false, tax_lines: [line] });
      expect(await taxOf(untaxed)).toEqual({ amount_cents: 4900, subtotal_cents: null, tax_cents: null, reverse_charge: null, tax_lines: null });
    });

    it('is partially refunded, then refunded in full', async () => {
      const ref = freshRef();
      await projection.given(completed(ref), refunded(ref, 1000, false));
      expect(await purchase(ref)).toMatchObject({ status: 'partially_refunded', refunded_cents: 1000 });
      await projection.given(refunded(ref, 4900, true));
      expect(await purchase(ref)).toMatchObject({ status: 'refunded', refunded_cents: 4900 });
    });

    it('stays disputed when a refund follows the dispute, with the amount refunded', async () => {
      const ref = freshRef();
      await projection.given(
        completed(ref),
        PurchaseDisputed({ checkoutRef: ref, userId: 'u', disputeId: 'dp_1', reason: 'fraudulent', at: at(2) }),
        refunded(ref, 4900, true),
      );
      expect(await purchase(ref)).toMatchObject({ status: 'disputed', refunded_cents: 4900 });
    });

    it("paid a subscription's first invoice: refunded with it; a later invoice's refund leaves it as it was", async () => {
      const ref = freshRef();
      const invoiceRefunded = (billingReason: string, amountRefundedCents: number, full: boolean) =>
        SubscriptionInvoiceRefunded({
          subscriptionId: 'sub_1',
          userId: 'u',
          invoiceId: `in_${billingReason}`,
          billingReason,
          checkoutRef: ref,
          chargeId: 'ch_2',
          amountRefundedCents,
          currency: 'eur',
          full,
          at: at(3),
        });
      await projection.given(completed(ref), invoiceRefunded('subscription_cycle', 4900, true));
      expect(await purchase(ref)).toMatchObject({ status: 'paid', refunded_cents: 0 });
      await projection.given(invoiceRefunded('subscription_create', 900, false));
      expect(await purchase(ref)).toMatchObject({ status: 'partially_refunded', refunded_cents: 900 });
      await projection.given(invoiceRefunded('subscription_create', 4900, true));
      expect(await purchase(ref)).toMatchObject({ status: 'refunded', refunded_cents: 4900 });
    });
  });

  describe('access to a resource', () => {
    it('is granted once per source, and revoked with its reason', async () => {
      const userId = `user-${randomUUID()}`;
      const granted = (sourceRef: string) => ResourceAccessGranted({ userId, resourceId: 'vault-kit', source: 'purchase', sourceRef, at: at(1) });
      await projection.given(
        granted('ref-a'),
        granted('ref-a'),
        granted('ref-b'),
        ResourceAccessRevoked({ userId, resourceId: 'vault-kit', sourceRef: 'ref-a', reason: 'refund', at: at(3) }),
      );
      expect(await access(userId)).toEqual([
        { source_ref: 'ref-a', source: 'purchase', granted_at: at(1), revoked_at: at(3), revoked_reason: 'refund' },
        { source_ref: 'ref-b', source: 'purchase', granted_at: at(1), revoked_at: null, revoked_reason: null },
      ]);
    });

    it('withdrawn by an admin, then granted again, is open again from the new grant', async () => {
      const userId = `user-${randomUUID()}`;
      const sourceRef = `freeaccess-${userId}-vault-kit`;
      const granted = (n: number) => ResourceAccessGranted({ userId, resourceId: 'vault-kit', source: 'free', sourceRef, at: at(n) });
      await projection.given(granted(1), ResourceAccessRevoked({ userId, resourceId: 'vault-kit', sourceRef, reason: 'admin', at: at(2) }));
      expect(await access(userId)).toEqual([{ source_ref: sourceRef, source: 'free', granted_at: at(1), revoked_at: at(2), revoked_reason: 'admin' }]);
      await projection.given(granted(3), granted(4));
      expect(await access(userId)).toEqual([{ source_ref: sourceRef, source: 'free', granted_at: at(3), revoked_at: null, revoked_reason: null }]);
    });
  });

  describe('a pending payment', () => {
    it('goes from open to processing to settled', async () => {
      const id = `pp-${randomUUID()}`;
      await projection.given(opened(id));
      expect(await pending(id)).toEqual({
        status: 'open',
        pay_url: 'https://pay.example/1',
        expires_at: at(30),
        opened_at: at(1),
        closed_at: null,
        close_reason: null,
      });
      await projection.given(
        PendingPaymentProcessing({ pendingPaymentId: id, userId: 'u', at: at(2) }),
        PendingPaymentSettled({ pendingPaymentId: id, userId: 'u', at: at(3) }),
      );
      expect(await pending(id)).toMatchObject({ status: 'settled', closed_at: at(3), close_reason: null });
    });

    it('expires with its reason, unless it was settled first', async () => {
      const [expiring, settled] = [`pp-${randomUUID()}`, `pp-${randomUUID()}`];
      await projection.given(
        opened(expiring),
        PendingPaymentExpired({ pendingPaymentId: expiring, userId: 'u', reason: 'payment_failed', at: at(4) }),
        opened(settled),
        PendingPaymentSettled({ pendingPaymentId: settled, userId: 'u', at: at(3) }),
        PendingPaymentExpired({ pendingPaymentId: settled, userId: 'u', reason: 'checkout_expired', at: at(5) }),
        PendingPaymentProcessing({ pendingPaymentId: settled, userId: 'u', at: at(6) }),
      );
      expect(await pending(expiring)).toMatchObject({ status: 'expired', closed_at: at(4), close_reason: 'payment_failed' });
      expect(await pending(settled)).toMatchObject({ status: 'settled', closed_at: at(3), close_reason: null });
    });
  });

  describe("a subscription's failed renewal", () => {
    it('is a pending payment from the past-due invoice until that invoice is paid', async () => {
      const invoiceId = `in_${randomUUID()}`;
      await projection.given(pastDue(invoiceId, at(1)));
      expect(await pending(`pp-${invoiceId}`)).toEqual({
        status: 'open',
        pay_url: `https://invoice/${invoiceId}`,
        expires_at: null,
        opened_at: at(1),
        closed_at: null,
        close_reason: null,
      });
      await projection.given(renewed(invoiceId, at(3)));
      expect(await pending(`pp-${invoiceId}`)).toMatchObject({ status: 'settled', closed_at: at(3), close_reason: null });
    });

    it('lapses with the subscription when it ends unpaid', async () => {
      const [unpaid, paid] = [`in_${randomUUID()}`, `in_${randomUUID()}`];
      await projection.given(
        pastDue(paid, at(1)),
        renewed(paid, at(2)),
        pastDue(unpaid, at(3)),
        SubscriptionCancelled({ subscriptionId: 'sub_1', userId: 'u', endedAt: at(5), unpaidInvoiceIds: [unpaid], at: at(5) }),
      );
      expect(await pending(`pp-${unpaid}`)).toMatchObject({ status: 'expired', closed_at: at(5), close_reason: 'subscription_cancelled' });
      expect(await pending(`pp-${paid}`)).toMatchObject({ status: 'settled', closed_at: at(2) });
    });

    it('reads the same from a stream that also recorded the pending payment itself (before subscriptions recorded only their own events)', async () => {
      const invoiceId = `in_${randomUUID()}`;
      const id = `pp-${invoiceId}`;
      await projection.given(
        pastDue(invoiceId, at(1)),
        PendingPaymentOpened({ ...renewalOpened(id), payUrl: `https://invoice/${invoiceId}` }),
        renewed(invoiceId, at(3)),
        PendingPaymentSettled({ pendingPaymentId: id, userId: 'u', at: at(3) }),
      );
      expect(await pending(id)).toEqual({
        status: 'settled',
        pay_url: `https://invoice/${invoiceId}`,
        expires_at: null,
        opened_at: at(1),
        closed_at: at(3),
        close_reason: null,
      });
    });
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const [ref, userId, id] = [freshRef(), `user-${randomUUID()}`, `pp-${randomUUID()}`];
    await projection.given(
      completed(ref),
      refunded(ref, 100, false),
      ResourceAccessGranted({ userId, resourceId: 'vault-kit', source: 'free', sourceRef: 'free', at: at(1) }),
      opened(id),
    );
    const before = [await purchase(ref), await access(userId), await pending(id)];
    await projection.replay();
    expect([await purchase(ref), await access(userId), await pending(id)]).toEqual(before);
  });
});

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const freshRef = () => `ref-${randomUUID()}`;

const completed = (checkoutRef: string, overrides: { amountCents?: number; tax?: ChargeTax } = {}) =>
  PurchaseCompleted({
    tax: overrides.tax ?? null,
    discount: null,
    checkoutRef,
    checkoutSessionId: `cs_${checkoutRef}`,
    userId: 'u',
    email: null,
    resourceId: 'vault-kit',
    resourceType: 'template',
    title: 'Vault kit',
    quantity: 2,
    amountCents: overrides.amountCents ?? 4900,
    currency: 'eur',
    mode: 'payment',
    customerId: null,
    paymentIntentId: 'pi_1',
    subscriptionId: null,
    completedAt: at(1),
  });
const refunded = (checkoutRef: string, amountRefundedCents: number, full: boolean) =>
  PurchaseRefunded({ checkoutRef, userId: 'u', chargeId: 'ch_1', amountRefundedCents, full, at: at(2) });
const opened = (pendingPaymentId: string) =>
  PendingPaymentOpened({
    pendingPaymentId,
    userId: 'u',
    resourceId: 'vault-kit',
    quantity: 1,
    kind: 'checkout',
    amountCents: 4900,
    currency: 'eur',
    payUrl: 'https://pay.example/1',
    checkoutSessionId: 'cs_1',
    expiresAt: at(30),
    openedAt: at(1),
    discount: null,
  });

const billed = { resourceId: 'pro-monthly', quantity: 1, periodStart: at(1), periodEnd: at(40), invoiceNumber: null };
const pastDue = (invoiceId: string, when: string) =>
  SubscriptionPastDue({
    subscriptionId: 'sub_1',
    userId: 'u',
    email: null,
    title: 'Pro',
    invoiceId,
    amountDueCents: 1900,
    currency: 'usd',
    payUrl: `https://invoice/${invoiceId}`,
    nextAttemptAt: null,
    ...billed,
    at: when,
  });
const renewed = (invoiceId: string, when: string) =>
  SubscriptionRenewed({
    discount: null,
    tax: null,
    subscriptionId: 'sub_1',
    userId: 'u',
    email: null,
    title: 'Pro',
    invoiceId,
    billingReason: 'subscription_cycle',
    amountCents: 1900,
    currency: 'usd',
    currentPeriodEnd: at(40),
    ...billed,
    at: when,
  });
const renewalOpened = (pendingPaymentId: string) => ({
  pendingPaymentId,
  userId: 'u',
  resourceId: 'pro-monthly',
  quantity: 1,
  kind: 'renewal' as const,
  amountCents: 1900,
  currency: 'usd',
  payUrl: null,
  checkoutSessionId: null,
  expiresAt: null,
  openedAt: at(1),
  discount: null,
});

async function purchase(checkoutRef: string) {
  const [row] = await projection.rows<{
    status: string;
    refunded_cents: number;
    amount_cents: number;
    quantity: number;
    completed_at: Date;
    payment_intent_id: string | null;
    subscription_id: string | null;
  }>('select status, refunded_cents, amount_cents, quantity, completed_at, payment_intent_id, subscription_id from rm_purchases where checkout_ref = $1', [
    checkoutRef,
  ]);
  return row && { ...row, completed_at: iso(row.completed_at) };
}

async function access(userId: string) {
  const rows = await projection.rows<{ source_ref: string; source: string; granted_at: Date; revoked_at: Date | null; revoked_reason: string | null }>(
    'select source_ref, source, granted_at, revoked_at, revoked_reason from rm_resource_access where user_id = $1 order by source_ref',
    [userId],
  );
  return rows.map((row) => ({ ...row, granted_at: iso(row.granted_at), revoked_at: iso(row.revoked_at) }));
}

async function pending(id: string) {
  const [row] = await projection.rows<{
    status: string;
    pay_url: string | null;
    expires_at: Date | null;
    opened_at: Date;
    closed_at: Date | null;
    close_reason: string | null;
  }>('select status, pay_url, expires_at, opened_at, closed_at, close_reason from rm_pending_payments where id = $1', [id]);
  return row && { ...row, expires_at: iso(row.expires_at), opened_at: iso(row.opened_at), closed_at: iso(row.closed_at) };
}
