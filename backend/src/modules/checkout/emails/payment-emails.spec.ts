import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import type { RecordedEvent } from '../../../events/recorded-event';
import { PurchaseCompleted } from '../checkout.events';
import { SubscriptionRenewed } from '../../subscriptions';
import { paymentEmailTriggers } from './payment-emails';

const AT = '2026-11-29T10:00:00.000Z';
const triggers = paymentEmailTriggers('sealing-secret', 'https://systemsculpt.com', Buffer.alloc(32));
const send = (kind: string, data: unknown) =>
  triggers.find((t) => t.kind === kind)!.send(data as never, {} as RecordedEvent, {} as never) as { data: Record<string, unknown> } | null;

const tax: ChargeTax = {
  currency: 'eur',
  subtotalCents: 19900,
  taxCents: 3781,
  totalCents: 23681,
  reverseCharge: false,
  lines: [{ country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', taxableAmountCents: 19900, amountCents: 3781 }],
  buyer: { name: 'Ada', businessName: null, address: null, taxIds: [] },
};

const purchase = (withTax: ChargeTax | null) =>
  PurchaseCompleted({
    checkoutRef: 'ref-1',
    checkoutSessionId: 'cs_1',
    userId: 'user-1',
    email: 'ada@example.com',
    resourceId: 'lifetime-license',
    resourceType: 'license',
    title: 'Lifetime License',
    quantity: 1,
    amountCents: withTax ? withTax.totalCents : 19900,
    currency: 'eur',
    mode: 'payment',
    customerId: null,
    paymentIntentId: 'pi_1',
    subscriptionId: null,
    completedAt: AT,
    tax: withTax,
    discount: null,
  }).data;

const renewal = (billingReason: string) =>
  SubscriptionRenewed({
    discount: null,
    subscriptionId: 'sub_1',
    userId: 'user-1',
    email: 'ada@example.com',
    title: 'Pro',
    invoiceId: 'in_1',
    billingReason,
    amountCents: tax.totalCents,
    currency: 'eur',
    currentPeriodEnd: AT,
    resourceId: 'pro-monthly',
    quantity: 1,
    periodStart: null,
    periodEnd: null,
    invoiceNumber: 'A-0002',
    at: AT,
    tax,
  }).data;

describe('the receipts payments send', () => {
  it('a taxed purchase lists the item at its price before tax and totals what was charged, with the tax for its lines', () => {
    expect(send('purchase-receipt', purchase(tax))!.data).toMatchObject({
      items: [{ title: 'Lifetime License', quantity: 1, amountCents: 19900 }],
      totalCents: 23681,
      currency: 'eur',
      tax,
    });
  });

  it('a purchase recorded before tax was collected keeps its amount and no tax', () => {
    expect(send('purchase-receipt', purchase(null))!.data).toMatchObject({ items: [{ amountCents: 19900 }], totalCents: 19900, tax: null });
  });

  it('a renewal and a plan change carry their tax to the receipt', () => {
    expect(send('subscription-renewed', renewal('subscription_cycle'))!.data).toMatchObject({ amountCents: 23681, tax });
    expect(send('plan-change-receipt', renewal('subscription_update'))!.data).toMatchObject({ amountCents: 23681, tax });
  });
});
