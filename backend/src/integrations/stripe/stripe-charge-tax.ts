import type Stripe from 'stripe';
import type { ChargeTax } from '../../../../contracts/billing/charge-tax';
import type { StripeClient } from './stripe-client';
import { invoiceChargeTax, invoiceTaxRateIds, sessionChargeTax, verifiedTaxIds, type VerifiedTaxIds } from './stripe-tax-facts';

/**
 * What a charge was, read from Stripe: the objects an event names hold the amounts, and these calls
 * add what they only name (a session's tax breakdown, an invoice's tax rates, whether the buyer's
 * tax ids were verified). An outage is thrown as it is, so the event is retried.
 */
export class StripeChargeTax {
  constructor(private readonly stripe: StripeClient) {}

  /** A completed session's charge; its tax breakdown is read only where Stripe Tax computed one. */
  async ofSession(session: Stripe.Checkout.Session): Promise<ChargeTax> {
    const computed = session.automatic_tax?.enabled === true && !session.total_details?.breakdown;
    const full = computed ? await this.stripe.api.checkout.sessions.retrieve(session.id, { expand: ['total_details.breakdown'] }) : session;
    return sessionChargeTax(full, await this.verified(full.customer, full.customer_details?.tax_ids ?? []));
  }

  /** A paid invoice's charge, with the tax rates it names by id. */
  async ofInvoice(invoice: Stripe.Invoice): Promise<ChargeTax> {
    const rates = await Promise.all(invoiceTaxRateIds(invoice).map((id) => this.stripe.api.taxRates.retrieve(id)));
    return invoiceChargeTax(invoice, new Map(rates.map((rate) => [rate.id, rate])), await this.verified(invoice.customer, invoice.customer_tax_ids ?? []));
  }

  /** Only when the charge names a tax id: whether Stripe verified it is a fact of the customer's `tax_id` objects. */
  private async verified(customer: string | { id: string } | null | undefined, taxIds: Array<{ value: string | null }>): Promise<VerifiedTaxIds> {
    const customerId = typeof customer === 'string' ? customer : customer?.id;
    if (!customerId || taxIds.length === 0) return new Set();
    try {
      return verifiedTaxIds((await this.stripe.api.customers.listTaxIds(customerId, { limit: 100 })).data);
    } catch (error) {
      // A customer Stripe no longer has (or an API that keeps no tax ids): the ids stand unverified, the charge is still recorded.
      if ((error as { type?: string }).type === 'StripeInvalidRequestError') return new Set();
      throw error;
    }
  }
}
