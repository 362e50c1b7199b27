import type { CommandBus } from '@nestjs/cqrs';
import { causedBy } from '../../../events/metadata-for';
import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import { PurchaseCompleted, PurchaseRefunded } from '../../checkout';
import { SubscriptionInvoiceRefunded, SubscriptionRenewed } from '../../subscriptions';
import { IssueCreditNote } from '../commands/issue-credit-note.handler';
import { IssueInvoice } from '../commands/issue-invoice.handler';
import type { ChargeFacts } from '../documents/charge-document';
import type { ChargeKey } from '../invoicing.events';

type ChargeEvent = Recorded<
  | ReturnType<typeof PurchaseCompleted>
  | ReturnType<typeof SubscriptionRenewed>
  | ReturnType<typeof PurchaseRefunded>
  | ReturnType<typeof SubscriptionInvoiceRefunded>
>;

/**
 * An invoice for every charge, a credit note for every refund. Charges are what checkout records
 * (one-time purchases, a subscription's start, booked sessions and credit packs: all paid through a
 * checkout) and the subscription invoices paid after it (renewals and plan-change charges; its first
 * invoice is the checkout's), and a credit note for every refund of either. Runs from its checkpoint in log order, so a refund finds its charge's
 * invoice issued; the commands are safe to repeat (one document per charge and per refund).
 */
export class InvoicingReactor implements Reactor<ChargeEvent> {
  readonly name = 'InvoicingReactor';
  readonly eventTypes = [PurchaseCompleted.type, SubscriptionRenewed.type, PurchaseRefunded.type, SubscriptionInvoiceRefunded.type];

  constructor(private readonly commands: CommandBus) {}

  async react(event: ChargeEvent): Promise<void> {
    const metadata = causedBy(event);
    if (event.type === 'PurchaseRefunded') {
      const d = event.data;
      if (d.amountRefundedCents > 0) await this.commands.execute(new IssueCreditNote({ kind: 'checkout', id: d.checkoutRef }, d.amountRefundedCents, metadata));
      return;
    }
    if (event.type === 'SubscriptionInvoiceRefunded') {
      const d = event.data;
      // A subscription's first invoice was invoiced as its checkout's charge (see renewalFacts).
      const charge: ChargeKey =
        d.billingReason === 'subscription_create' ? { kind: 'checkout', id: d.checkoutRef } : { kind: 'subscription-invoice', id: d.invoiceId };
      await this.commands.execute(new IssueCreditNote(charge, d.amountRefundedCents, metadata));
      return;
    }
    const facts = event.type === 'PurchaseCompleted' ? purchaseFacts(event.data) : renewalFacts(event.data);
    if (facts) await this.commands.execute(new IssueInvoice(facts, metadata));
  }
}

type PurchaseData = ReturnType<typeof PurchaseCompleted>['data'];
type RenewalData = ReturnType<typeof SubscriptionRenewed>['data'];

function purchaseFacts(d: PurchaseData): ChargeFacts | null {
  if (charged(d.amountCents, d.tax) === 0) return null;
  return {
    charge: { kind: 'checkout', id: d.checkoutRef },
    userId: d.userId,
    email: d.email,
    description: d.title,
    quantity: d.quantity,
    amountCents: d.amountCents,
    currency: d.currency,
    chargedAt: d.completedAt,
    periodStart: null,
    periodEnd: null,
    tax: d.tax,
    discount: d.discount ? { description: discountLine(d.discount), amountOffCents: d.discount.amountOffCents } : null,
  };
}

/** How an invoice names a discount: the code the buyer gave, or the sale. */
const discountLine = (discount: { code: string | null; name: string }) =>
  `Discount: ${discount.code ? `code ${discount.code} (${discount.name})` : discount.name}`;

const RENEWAL_LINES: Record<string, string> = { subscription_cycle: 'renewal', subscription_update: 'plan change' };

function renewalFacts(d: RenewalData): ChargeFacts | null {
  // The first invoice is the checkout's charge (PurchaseCompleted), invoiced there.
  if (d.billingReason === 'subscription_create' || charged(d.amountCents, d.tax) === 0) return null;
  const what = RENEWAL_LINES[d.billingReason];
  return {
    charge: { kind: 'subscription-invoice', id: d.invoiceId },
    userId: d.userId,
    email: d.email,
    description: what ? `${d.title} (${what})` : d.title,
    quantity: d.quantity ?? 1,
    amountCents: d.amountCents,
    currency: d.currency,
    chargedAt: d.at,
    periodStart: d.periodStart,
    periodEnd: d.periodEnd,
    tax: d.tax,
    // The checkout's promotion, on the charges it lasts for (a code for N months, or forever).
    discount: d.discount ? { description: `Discount: ${d.discount.name ?? 'promotion'}`, amountOffCents: d.discount.amountOffCents } : null,
  };
}

const charged = (amountCents: number, tax: { totalCents: number } | null) => (tax ? tax.totalCents : amountCents);
