import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import { euVatCountry } from '../../../../../contracts/billing/eu-member-states';
import type { InvoiceIssuedData } from '../invoicing.events';

/**
 * Whether VAT charged on an invoice is owed back now that the buyer is a business: a verified EU
 * VAT number of the member state the VAT was charged for, the billing address in that state, and
 * that state not the seller's own (Stripe Tax's origin), as Stripe Tax decides the reverse charge
 * at checkout. A seller with no origin known gets no refund decided here.
 */
export function reverseChargeApplies(
  invoice: Pick<InvoiceIssuedData, 'taxCents' | 'rateTotals' | 'reverseCharge'>,
  buyer: BillingParty,
  taxOrigin: string | null,
): boolean {
  if (!taxOrigin || invoice.reverseCharge || invoice.taxCents <= 0) return false;
  const vatCountries = buyer.taxIds.filter((id) => id.type === 'eu_vat' && id.verified).map((id) => euVatCountry(id.value));
  return invoice.rateTotals.every(
    (rate) =>
      rate.taxType === 'vat' && rate.country !== taxOrigin.toUpperCase() && rate.country === buyer.address?.country && vatCountries.includes(rate.country),
  );
}
