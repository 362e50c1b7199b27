import type Stripe from 'stripe';
import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import { isoFromSeconds as iso } from '../../../integrations/stripe';
import type { InvoiceFacts } from '../subscriptions.decider';

/**
 * What a Stripe invoice says of the subscription's billing: its amount, pay link, the period it pays
 * for, and (paid) what it charged for the books.
 */
export function invoiceFacts(invoice: Stripe.Invoice, tax: ChargeTax | null, discountNames: string[] = []): InvoiceFacts {
  const discountCents = (invoice.total_discount_amounts ?? []).reduce((sum, part) => sum + part.amount, 0);
  const periodEnds = invoice.lines?.data?.map((line) => line.period?.end).filter((end): end is number => typeof end === 'number') ?? [];
  const periodStarts = invoice.lines?.data?.map((line) => line.period?.start).filter((start): start is number => typeof start === 'number') ?? [];
  return {
    invoiceId: invoice.id!,
    billingReason: invoice.billing_reason ?? 'manual',
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    payUrl: invoice.hosted_invoice_url ?? null,
    nextAttemptAt: iso(invoice.next_payment_attempt),
    periodStart: periodStarts.length > 0 ? iso(Math.min(...periodStarts)) : null,
    periodEnd: periodEnds.length > 0 ? iso(Math.max(...periodEnds)) : null,
    invoiceNumber: invoice.number ?? null,
    tax,
    discount: discountCents > 0 ? { amountOffCents: discountCents, name: discountNames.join(' + ') || null } : null,
  };
}
