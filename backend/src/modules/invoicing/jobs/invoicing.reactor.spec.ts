import type { CommandBus } from '@nestjs/cqrs';
import { PurchaseCompleted, PurchaseRefunded } from '../../checkout';
import { SubscriptionInvoiceRefunded, SubscriptionRenewed } from '../../subscriptions';
import { IssueCreditNote } from '../commands/issue-credit-note.handler';
import { IssueInvoice } from '../commands/issue-invoice.handler';
import { InvoicingReactor } from './invoicing.reactor';

const AT = '2026-11-29T10:00:00.000Z';

function reactorWithCommands() {
  const sent: unknown[] = [];
  const bus = { execute: (command: unknown) => Promise.resolve(sent.push(command)) } as unknown as CommandBus;
  return { reactor: new InvoicingReactor(bus), sent };
}

const recorded = <E extends { type: string; data: unknown }>(event: E) =>
  ({
    ...event,
    streamId: 's',
    streamVersion: 1,
    position: 7n,
    transactionId: 1n,
    schemaVersion: 1,
    metadata: { correlationId: 'c', causationId: null, actor: { kind: 'system' as const } },
    recordedAt: new Date(AT),
  }) as Parameters<InvoicingReactor['react']>[0];

const purchase = (amountCents: number, mode: 'payment' | 'subscription' = 'payment') =>
  PurchaseCompleted({
    checkoutRef: 'ref-1',
    checkoutSessionId: 'cs_1',
    userId: 'user-1',
    email: 'a@example.com',
    resourceId: 'lifetime-license',
    resourceType: 'license',
    title: 'Lifetime License',
    quantity: 1,
    amountCents,
    currency: 'usd',
    mode,
    customerId: null,
    paymentIntentId: 'pi_1',
    subscriptionId: null,
    completedAt: AT,
    tax: null,
    discount: null,
  });

const renewal = (billingReason: string, amountCents: number) =>
  SubscriptionRenewed({
    discount: null,
    subscriptionId: 'sub_1',
    userId: 'user-1',
    email: 'a@example.com',
    title: 'Pro Monthly',
    invoiceId: 'in_1',
    billingReason,
    amountCents,
    currency: 'usd',
    currentPeriodEnd: AT,
    resourceId: 'pro-monthly',
    quantity: 1,
    periodStart: '2026-10-29T10:00:00.000Z',
    periodEnd: AT,
    invoiceNumber: 'A-0002',
    at: AT,
    tax: null,
  });

describe('the invoicing reactor', () => {
  it('invoices a paid purchase (one-time, a subscription start, a booked session, a credit pack: all checkouts)', async () => {
    const { reactor, sent } = reactorWithCommands();
    await reactor.react(recorded(purchase(4900)));
    await reactor.react(recorded(purchase(2000, 'subscription')));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeInstanceOf(IssueInvoice);
    expect((sent[0] as IssueInvoice).facts).toMatchObject({ charge: { kind: 'checkout', id: 'ref-1' }, amountCents: 4900, description: 'Lifetime License' });
    expect((sent[0] as IssueInvoice).metadata).toMatchObject({ correlationId: 'c', causationId: 'event:7' });
  });

  it('invoices renewals and plan-change charges with their period, not a subscription’s first invoice nor a free charge', async () => {
    const { reactor, sent } = reactorWithCommands();
    for (const event of [
      renewal('subscription_cycle', 2000),
      renewal('subscription_update', 700),
      renewal('subscription_create', 2000),
      renewal('subscription_update', 0),
    ])
      await reactor.react(recorded(event));
    expect(sent.map((c) => (c as IssueInvoice).facts.description)).toEqual(['Pro Monthly (renewal)', 'Pro Monthly (plan change)']);
    expect((sent[0] as IssueInvoice).facts).toMatchObject({
      charge: { kind: 'subscription-invoice', id: 'in_1' },
      periodStart: '2026-10-29T10:00:00.000Z',
      periodEnd: AT,
    });
  });

  it('issues nothing for a free checkout', async () => {
    const { reactor, sent } = reactorWithCommands();
    await reactor.react(recorded(purchase(0)));
    expect(sent).toEqual([]);
  });

  it("credits a refund against the checkout's invoice with what has been refunded so far", async () => {
    const { reactor, sent } = reactorWithCommands();
    await reactor.react(
      recorded(PurchaseRefunded({ checkoutRef: 'ref-1', userId: 'user-1', chargeId: 'ch_1', amountRefundedCents: 1500, full: false, at: AT })),
    );
    expect(sent).toEqual([expect.any(IssueCreditNote)]);
    expect(sent[0]).toMatchObject({ charge: { kind: 'checkout', id: 'ref-1' }, refundedCents: 1500 });
  });

  it("credits a subscription invoice's refund against that invoice; the first invoice's against its checkout's", async () => {
    const { reactor, sent } = reactorWithCommands();
    const refunded = (invoiceId: string, billingReason: string, amountRefundedCents: number) =>
      SubscriptionInvoiceRefunded({
        subscriptionId: 'sub_1',
        userId: 'user-1',
        invoiceId,
        billingReason,
        checkoutRef: 'ref-1',
        chargeId: `ch_${invoiceId}`,
        amountRefundedCents,
        currency: 'usd',
        full: false,
        at: AT,
      });
    await reactor.react(recorded(refunded('in_2', 'subscription_cycle', 300)));
    await reactor.react(recorded(refunded('in_3', 'subscription_update', 700)));
    await reactor.react(recorded(refunded('in_1', 'subscription_create', 900)));
    expect(sent).toEqual([expect.any(IssueCreditNote), expect.any(IssueCreditNote), expect.any(IssueCreditNote)]);
    expect(sent.map((c) => ({ charge: (c as IssueCreditNote).charge, refundedCents: (c as IssueCreditNote).refundedCents }))).toEqual([
      { charge: { kind: 'subscription-invoice', id: 'in_2' }, refundedCents: 300 },
      { charge: { kind: 'subscription-invoice', id: 'in_3' }, refundedCents: 700 },
      { charge: { kind: 'checkout', id: 'ref-1' }, refundedCents: 900 },
    ]);
    expect((sent[0] as IssueCreditNote).metadata).toMatchObject({ correlationId: 'c', causationId: 'event:7' });
  });
});
