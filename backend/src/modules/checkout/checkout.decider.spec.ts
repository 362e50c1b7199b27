import { fold } from '../../events/decider';
import { checkoutDecider as decider, type CheckoutCommand, type SessionFacts } from './checkout.decider';
import type { PurchaseEvent } from './checkout.events';

const AT = '2026-11-23T12:00:00.000Z';
const session = (overrides: Partial<SessionFacts> = {}): SessionFacts => ({
  checkoutRef: 'chk_1', checkoutSessionId: 'cs_1', userId: 'user_1', email: 'ada@example.com', resourceId: 'the-ai-assisted-vault', quantity: 1,
  amountCents: 1900, currency: 'usd', mode: 'payment', paymentStatus: 'paid', customerId: 'cus_1', paymentIntentId: 'pi_1', subscriptionId: null, ...overrides,
});
const ebook = { type: 'ebook', title: 'The AI-Assisted Vault', grantsAccess: true };
const complete = (overrides: Partial<SessionFacts> = {}): CheckoutCommand => ({ type: 'complete', session: session(overrides), resource: ebook, at: AT });
const open: CheckoutCommand = { type: 'open', pending: { pendingPaymentId: 'pp-chk_1', userId: 'user_1', resourceId: 'the-ai-assisted-vault', quantity: 1, kind: 'checkout', amountCents: 1900, currency: 'usd', payUrl: 'https://pay', checkoutSessionId: 'cs_1', expiresAt: AT, openedAt: AT } };
const refund = (amount: number, full: boolean): CheckoutCommand => ({ type: 'refund', chargeId: 'ch_1', amountRefundedCents: amount, full, at: AT });

function run(...commands: CheckoutCommand[]): PurchaseEvent[] {
  const events: PurchaseEvent[] = [];
  for (const command of commands) events.push(...decider.decide(command, fold(decider, events)));
  return events;
}
const types = (events: PurchaseEvent[]) => events.map((e) => e.type);

describe('a checkout, from Stripe\'s events in any order and number', () => {
  it('fulfils a paid session once: settles the pending payment, records the purchase, opens the resource', () => {
    expect(types(run(open, complete(), complete(), complete()))).toEqual(['PendingPaymentOpened', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']);
  });

  it('fulfils a completion that arrives before the checkout was recorded as started, and ignores the late start', () => {
    expect(types(run(complete(), open))).toEqual(['PurchaseCompleted', 'ResourceAccessGranted']);
  });

  it('never fulfils an unpaid session: a delayed payment waits as processing until it settles, once', () => {
    expect(types(run(open, complete({ paymentStatus: 'unpaid' }), complete({ paymentStatus: 'unpaid' })))).toEqual(['PendingPaymentOpened', 'PendingPaymentProcessing']);
    expect(types(run(open, complete({ paymentStatus: 'unpaid' }), complete(), complete()))).toEqual(['PendingPaymentOpened', 'PendingPaymentProcessing', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']);
  });

  it('closes a failed delayed payment and an expired checkout, but never one that was paid', () => {
    const fail: CheckoutCommand = { type: 'fail-async-payment', checkoutRef: 'chk_1', userId: 'user_1', at: AT };
    const expire: CheckoutCommand = { type: 'expire', checkoutRef: 'chk_1', userId: 'user_1', at: AT };
    expect(run(open, complete({ paymentStatus: 'unpaid' }), fail, fail).map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([['PendingPaymentOpened', undefined], ['PendingPaymentProcessing', undefined], ['PendingPaymentExpired', 'payment_failed']]);
    expect(types(run(open, expire, expire))).toEqual(['PendingPaymentOpened', 'PendingPaymentExpired']);
    expect(types(run(open, complete(), expire))).toEqual(['PendingPaymentOpened', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']);
  });

  it('closes a checkout the buyer cancelled as cancelled, once, and never one that was paid', () => {
    const cancel: CheckoutCommand = { type: 'cancel', checkoutRef: 'chk_1', userId: 'user_1', at: AT };
    expect(run(open, cancel, cancel).map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([['PendingPaymentOpened', undefined], ['PendingPaymentExpired', 'cancelled']]);
    expect(types(run(open, complete(), cancel))).toEqual(['PendingPaymentOpened', 'PendingPaymentSettled', 'PurchaseCompleted', 'ResourceAccessGranted']);
  });

  it('refunds revoke access once; a partial refund keeps it; a refund before the purchase changes nothing yet', () => {
    expect(run(refund(1900, true))).toEqual([]);
    const events = run(complete(), refund(500, false), refund(500, false), refund(1900, true), refund(1900, true));
    expect(types(events)).toEqual(['PurchaseCompleted', 'ResourceAccessGranted', 'PurchaseRefunded', 'PurchaseRefunded', 'ResourceAccessRevoked']);
    expect(fold(decider, events)).toMatchObject({ refunded: true, access: [] });
  });

  it('a dispute revokes access once', () => {
    const dispute: CheckoutCommand = { type: 'dispute', disputeId: 'dp_1', reason: 'fraudulent', at: AT };
    expect(types(run(complete(), dispute, dispute))).toEqual(['PurchaseCompleted', 'ResourceAccessGranted', 'PurchaseDisputed', 'ResourceAccessRevoked']);
  });

  it('grants no resource access for what is fulfilled elsewhere (a license)', () => {
    expect(types(decider.decide({ type: 'complete', session: session(), resource: { type: 'license', title: 'Lifetime', grantsAccess: false }, at: AT }, decider.initialState()))).toEqual(['PurchaseCompleted']);
  });
});
