import type Stripe from 'stripe';
import type { BillingParty, ChargeTax, PostalAddress, TaxLine } from '../../../../contracts/billing/charge-tax';

/** What a tax entry of Stripe's says, whichever object it comes from (a session's breakdown, an invoice's total taxes). */
interface TaxEntry {
  amount: number;
  rate: Stripe.TaxRate | null;
  taxabilityReason: string | null;
  taxableAmount: number | null;
}

/** The tax ids a buyer's Stripe customer holds that Stripe has verified (`verification.status`), by value. */
export type VerifiedTaxIds = ReadonlySet<string>;

/** Stripe's say that no tax was determined where the seller is not registered: nothing to account for. */
const NO_TAX_DETERMINED = new Set(['not_collecting', 'not_supported', 'not_available']);

/**
 * What a completed Checkout Session charged, for the books: net, tax and gross in its currency, the
 * tax by rate from `total_details.breakdown` (read with `expand: ['total_details.breakdown']`), and
 * the buyer as Checkout collected them. A session Stripe Tax did not compute has tax 0 and no lines.
 */
export function sessionChargeTax(session: Stripe.Checkout.Session, verified: VerifiedTaxIds): ChargeTax {
  const details = session.customer_details;
  const buyer: BillingParty = {
    // Checkout sets `name` to the business name when the buyer buys as a business: the person is `individual_name`, if given.
    name: details?.individual_name ?? (details?.name && details.name !== details.business_name ? details.name : null),
    businessName: details?.business_name ?? null,
    address: postalAddress(details?.address),
    taxIds: (details?.tax_ids ?? []).flatMap((id) => (id.value ? [{ type: id.type, value: id.value, verified: verified.has(id.value) }] : [])),
  };
  const entries = (session.total_details?.breakdown?.taxes ?? []).map((tax): TaxEntry => ({
    amount: tax.amount,
    rate: tax.rate,
    taxabilityReason: tax.taxability_reason,
    taxableAmount: tax.taxable_amount ?? null,
  }));
  const totalCents = session.amount_total ?? 0;
  const taxCents = session.total_details?.amount_tax ?? 0;
  return charge(session.currency ?? 'usd', totalCents, taxCents, entries, buyer);
}

/**
 * What a paid invoice charged, for the books: from its `total_taxes` (or, on older API versions,
 * `total_tax_amounts`), with each rate as Stripe keeps it (`rates`, by id, where the invoice names
 * only the id), and the buyer as the invoice recorded them (`customer_name`, `customer_address`,
 * `customer_tax_ids`). An invoice without tax has tax 0 and no lines.
 */
export function invoiceChargeTax(invoice: Stripe.Invoice, rates: ReadonlyMap<string, Stripe.TaxRate>, verified: VerifiedTaxIds): ChargeTax {
  const rateOf = (rate: string | Stripe.TaxRate | null | undefined) => (typeof rate === 'string' ? (rates.get(rate) ?? null) : (rate ?? null));
  const entries: Array<TaxEntry & { inclusive: boolean }> = invoice.total_taxes
    ? invoice.total_taxes.map((tax) => ({
        amount: tax.amount,
        rate: rateOf(tax.tax_rate_details?.tax_rate as string | Stripe.TaxRate | undefined),
        taxabilityReason: tax.taxability_reason,
        taxableAmount: tax.taxable_amount,
        inclusive: tax.tax_behavior === 'inclusive',
      }))
    : legacyTaxAmounts(invoice).map((tax) => ({
        amount: tax.amount,
        rate: rateOf(tax.tax_rate),
        taxabilityReason: tax.taxability_reason ?? null,
        taxableAmount: tax.taxable_amount ?? null,
        inclusive: tax.inclusive === true,
      }));
  const buyer: BillingParty = {
    name: invoice.customer_name ?? null,
    businessName: null,
    address: postalAddress(invoice.customer_address),
    taxIds: (invoice.customer_tax_ids ?? []).flatMap((id) => (id.value ? [{ type: id.type, value: id.value, verified: verified.has(id.value) }] : [])),
  };
  const totalCents = invoice.total;
  const taxCents =
    entries.length > 0
      ? entries.filter((entry) => !entry.inclusive).reduce((sum, entry) => sum + entry.amount, 0)
      : totalCents - (invoice.total_excluding_tax ?? totalCents);
  return charge(invoice.currency, totalCents, taxCents, entries, buyer);
}

/** The tax rate ids an invoice names without their objects: what `invoiceChargeTax` needs read first. */
export function invoiceTaxRateIds(invoice: Stripe.Invoice): string[] {
  const named = invoice.total_taxes
    ? invoice.total_taxes.map((tax) => tax.tax_rate_details?.tax_rate as unknown)
    : legacyTaxAmounts(invoice).map((tax) => tax.tax_rate as unknown);
  return [...new Set(named.filter((rate): rate is string => typeof rate === 'string'))];
}

/** The tax id values of a buyer's Stripe customer that Stripe has verified. */
export function verifiedTaxIds(taxIds: Stripe.TaxId[]): VerifiedTaxIds {
  return new Set(taxIds.filter((id) => id.verification?.status === 'verified').map((id) => id.value));
}

interface LegacyTaxAmount {
  amount: number;
  inclusive?: boolean;
  tax_rate: string | Stripe.TaxRate;
  taxability_reason?: string | null;
  taxable_amount?: number | null;
}

// Before the 2025-03-31 API version an invoice kept its taxes as `total_tax_amounts`.
const legacyTaxAmounts = (invoice: Stripe.Invoice): LegacyTaxAmount[] =>
  (invoice as unknown as { total_tax_amounts?: LegacyTaxAmount[] }).total_tax_amounts ?? [];

function charge(currency: string, totalCents: number, taxCents: number, entries: TaxEntry[], buyer: BillingParty): ChargeTax {
  const lines = byRate(
    entries.filter((entry) => !(entry.amount === 0 && NO_TAX_DETERMINED.has(entry.taxabilityReason ?? ''))).map((entry) => taxLine(entry, buyer)),
  );
  return {
    currency: currency.toLowerCase(),
    subtotalCents: totalCents - taxCents,
    taxCents,
    totalCents,
    reverseCharge: lines.some((line) => line.taxabilityReason === 'reverse_charge'),
    lines,
    buyer,
  };
}

function taxLine(entry: TaxEntry, buyer: BillingParty): TaxLine {
  const reason = entry.taxabilityReason ?? 'unknown';
  const rate = entry.rate;
  const stated = rate?.effective_percentage ?? rate?.percentage ?? (entry.taxableAmount ? (entry.amount / entry.taxableAmount) * 100 : 0);
  return {
    country: countryCode(rate?.country) ?? buyer.address?.country ?? 'ZZ',
    state: rate?.state ?? null,
    taxType: rate?.tax_type ?? 'tax',
    // Under the reverse charge the buyer accounts for the tax: the seller charges 0%, whatever the country's rate.
    percentage: reason === 'reverse_charge' ? 0 : Math.max(0, stated),
    taxabilityReason: reason,
    taxableAmountCents: entry.taxableAmount ?? 0,
    amountCents: entry.amount,
  };
}

/** One line per rate: Stripe may split a rate across line items. */
function byRate(lines: TaxLine[]): TaxLine[] {
  const merged = new Map<string, TaxLine>();
  for (const line of lines) {
    const key = [line.country, line.state, line.taxType, line.percentage, line.taxabilityReason].join('|');
    const held = merged.get(key);
    merged.set(
      key,
      held ? { ...held, taxableAmountCents: held.taxableAmountCents + line.taxableAmountCents, amountCents: held.amountCents + line.amountCents } : line,
    );
  }
  return [...merged.values()];
}

function postalAddress(address: Stripe.Address | null | undefined): PostalAddress | null {
  const country = countryCode(address?.country);
  if (!address || !country) return null;
  return {
    line1: address.line1 ?? null,
    line2: address.line2 ?? null,
    city: address.city ?? null,
    postalCode: address.postal_code ?? null,
    state: address.state ?? null,
    country,
  };
}

const countryCode = (country: string | null | undefined) => (country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null);
