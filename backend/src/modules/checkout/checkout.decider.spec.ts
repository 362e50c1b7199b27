import { deciderSpec } from '../../../../test/support/decider-spec';
import { checkoutDecider as decider, type CheckoutCommand, type SessionFacts } from './checkout.decider';
import type { PurchaseEvent } from './checkout.events';
import type { ChargeTax } from '../../../../contracts/billing/charge-tax';

const spec = deciderSpec(decider);
const AT = '2026-11-23T12:00:00.000Z';
const session = (overrides: Partial<SessionFacts> = {}): SessionFacts => ({
  checkoutRef: 'chk_1',
  checkoutSessionId: 'cs_1',
  userId: 'user_1',
  email: 'ada@example.com',
  resourceId: 'the-ai-assisted-vault',
  quantity: 1,
  amountCents: 1900,
  currency: 'usd',
  mode: 'payment',
  paymentStatus: 'paid',
  customerId: 'cus_1',
  paymentIntentId: 'pi_1',
  subscriptionId: null,
  discount: null,
  ...overrides,
});
const ebook = { type: 'ebook', title: 'The AI-Assisted Vault', grantsAccess: true };
/** A German consumer's 19% VAT on the €19 ebook, as the session's tax breakdown said it. */
const germanVat: ChargeTax = {
  currency: 'usd',
  subtotalCents: 1900,
  taxCents: 361,
  totalCents: 2261,
  reverseCharge: false,
  lines: [{ country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', taxableAmountCents: 1900, amountCents: 361 }],
  buyer: { name: 'Erika Mustermann', businessName: null, address: null, taxIds: [] },
};
const complete = (overrides: Partial<SessionFacts> = {}, tax: ChargeTax | null = germanVat): CheckoutCommand => ({
  type: 'CompleteCheckout',
  session: session(overrides),
  resource: ebook,
  tax: overrides.paymentStatus === 'unpaid' ? null : tax,
  at: AT,
});
const open: CheckoutCommand = {
  type: 'OpenCheckout',
  pending: {
    pendingPaymentId: 'pp-chk_1',
    userId: 'user_1',
    resourceId: 'the-ai-assisted-vault',
    quantity: 1,
    kind: 'checkout',
    amountCents: 1900,
    currency: 'usd',
    payUrl: 'https://pay',
    checkoutSessionId: 'cs_1',
    expiresAt: AT,
    openedAt: AT,
    discount: null,
  },
};
const refund = (amount: number, full: boolean): CheckoutCommand => ({ type: 'RefundPurchase', chargeId: 'ch_1', amountRefundedCents: amount, full, at: AT });

const types = (events: PurchaseEvent[]) => events.map((e) => e.type);
const typesAndReasons = (events: PurchaseEvent[]) => events.map((e) => [e.type, (e.data as { reason?: string }).reason]);

describe("a checkout, from Stripe's events in any order and number", () => {
  it('fulfils a paid session once: settles the pending payment, records the purchase, opens the resource', () => {
    spec
      .given([])
      .when(open, complete(), complete(), complete())
      .then((events) => expect(types(events)).toEqual(['PendingPaymentOpened', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']));
  });

  it('records what the paid charge was for the books on the purchase, from the paid completion', () => {
    spec
      .given([])
      .when(open, complete({ paymentStatus: 'unpaid', amountCents: 2261 }), complete({ amountCents: 2261 }))
      .then((events) => expect(events.find((event) => event.type === 'PurchaseCompleted')?.data).toMatchObject({ amountCents: 2261, tax: germanVat }));
  });

  it('fulfils a completion that arrives before the checkout was recorded as started, and ignores the late start', () => {
    spec
      .given([])
      .when(complete(), open)
      .then((events) => expect(types(events)).toEqual(['PurchaseCompleted', 'ResourceAccessGranted']));
  });

  it('never fulfils an unpaid session: a delayed payment waits as processing until it settles, once', () => {
    spec
      .given([])
      .when(open, complete({ paymentStatus: 'unpaid' }), complete({ paymentStatus: 'unpaid' }))
      .then((events) => expect(types(events)).toEqual(['PendingPaymentOpened', 'PendingPaymentProcessing']));
    spec
      .given([])
      .when(open, complete({ paymentStatus: 'unpaid' }), complete(), complete())
      .then((events) =>
        expect(types(events)).toEqual([
          'PendingPaymentOpened',
          'PendingPaymentProcessing',
          'PendingPaymentSettled',
          'PurchaseCompleted',
          'ResourceAccessGranted',
        ]),
      );
  });

  it('closes a failed delayed payment and an expired checkout, but never one that was paid', () => {
    const fail: CheckoutCommand = { type: 'FailAsyncPayment', checkoutRef: 'chk_1', userId: 'user_1', at: AT };
    const expire: CheckoutCommand = { type: 'ExpireCheckout', checkoutRef: 'chk_1', userId: 'user_1', at: AT };
    spec
      .given([])
      .when(open, complete({ paymentStatus: 'unpaid' }), fail, fail)
      .then((events) =>
        expect(typesAndReasons(events)).toEqual([
          ['PendingPaymentOpened', undefined],
          ['PendingPaymentProcessing', undefined],
          ['PendingPaymentExpired', 'payment_failed'],
        ]),
      );
    spec
      .given([])
      .when(open, expire, expire)
      .then((events) => expect(types(events)).toEqual(['PendingPaymentOpened', 'PendingPaymentExpired']));
    spec
      .given([])
      .when(open, complete(), expire)
      .then((events) => expect(types(events)).toEqual(['PendingPaymentOpened', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']));
  });

  it('closes a checkout the buyer cancelled as cancelled, once, and never one that was paid', () => {
    const cancel: CheckoutCommand = { type: 'CancelCheckout', checkoutRef: 'chk_1', userId: 'user_1', at: AT };
    spec
      .given([])
      .when(open, cancel, cancel)
      .then((events) =>
        expect(typesAndReasons(events)).toEqual([
          ['PendingPaymentOpened', undefined],
          ['PendingPaymentExpired', 'cancelled'],
        ]),
      );
    spec
      .given([])
      .when(open, complete(), cancel)
      .then((events) => expect(types(events)).toEqual(['PendingPaymentOpened', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']));
  });

  it('refunds revoke access once; a partial refund keeps it; a refund before the purchase changes nothing yet', () => {
    spec.given([]).when(refund(1900, true)).then([]);
    spec
      .given([])
      .when(complete(), refund(500, false), refund(500, false), refund(1900, true), refund(1900, true))
      .then((events, state) => {
        expect(types(events)).toEqual(['PurchaseCompleted', 'ResourceAccessGranted', 'PurchaseRefunded', 'PurchaseRefunded', 'ResourceAccessRevoked']);
        expect(state).toMatchObject({ refunded: true, access: [] });
      });
  });

  it('a dispute revokes access once', () => {
    const dispute: CheckoutCommand = { type: 'DisputePurchase', disputeId: 'dp_1', reason: 'fraudulent', at: AT };
    spec
      .given([])
      .when(complete(), dispute, dispute)
      .then((events) => expect(types(events)).toEqual(['PurchaseCompleted', 'ResourceAccessGranted', 'PurchaseDisputed', 'ResourceAccessRevoked']));
  });

  it('grants no resource access for what is fulfilled elsewhere (a license)', () => {
    spec
      .given([])
      .when({ type: 'CompleteCheckout', session: session(), resource: { type: 'license', title: 'Lifetime', grantsAccess: false }, tax: germanVat, at: AT })
      .then((events) => expect(types(events)).toEqual(['PurchaseCompleted']));
  });
});
