import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmulatorStore, StripeObject } from './emulator-store';
import { template } from './stripe-objects';
import { RATES, REVERSE_CHARGE_COUNTRIES } from './tax-table';
import type { TaxSettings } from './tax-settings';

export type TaxabilityReason = 'standard_rated' | 'reverse_charge' | 'not_collecting' | 'customer_exempt';

/** One tax on one line (or summed over lines, in a breakdown), as Checkout shows it: the rate is a whole tax_rate object. */
export interface LineTax {
  amount: number;
  rate: StripeObject;
  taxability_reason: TaxabilityReason;
  taxable_amount: number;
}

/** What Stripe Tax needs of the buyer: the country of their address, their tax ids, and the customer's tax_exempt. */
export interface TaxBuyer {
  country: string | null;
  taxIds: ReadonlyArray<{ country: string | null; verification: { status: string } }>;
  exempt?: 'none' | 'exempt' | 'reverse';
}

export type TaxResult =
  { status: 'requires_location_inputs' } | { status: 'complete'; lines: LineTax[][]; breakdown: LineTax[]; amountTax: number; reason: TaxabilityReason };

/** A tax rate's created time: the rates Stripe Tax makes are fixed objects, the same for every calculation. */
const RATES_CREATED = 1_767_225_600;

/**
 * The emulator's Stripe Tax: tax-exclusive prices taxed at the buyer country's rate where the
 * seller is registered, the reverse charge for a business abroad with a verified VAT number, and
 * `not_collecting` elsewhere. Tax is rounded per line, half away from zero, as Stripe does.
 */
export class EmulatorTax {
  constructor(readonly settings: TaxSettings) {}

  async calculate(amounts: number[], buyer: TaxBuyer, store: EmulatorStore, em: EntityManager): Promise<TaxResult> {
    const country = buyer.country?.toUpperCase() ?? null;
    if (!country) return { status: 'requires_location_inputs' };
    const reason = this.reasonFor(country, buyer);
    const rate = await this.rateFor(country, reason, store, em);
    const effective = Number(rate.effective_percentage ?? 0);
    const lines = amounts.map((amount): LineTax[] => [
      { amount: roundHalfAway((amount * effective) / 100), rate, taxability_reason: reason, taxable_amount: reason === 'standard_rated' ? amount : 0 },
    ]);
    const breakdown: LineTax[] = [
      {
        amount: lines.reduce((sum, [tax]) => sum + tax!.amount, 0),
        rate,
        taxability_reason: reason,
        taxable_amount: lines.reduce((sum, [tax]) => sum + tax!.taxable_amount, 0),
      },
    ];
    return { status: 'complete', lines, breakdown, amountTax: breakdown[0]!.amount, reason };
  }

  private reasonFor(country: string, buyer: TaxBuyer): TaxabilityReason {
    if (!this.settings.registrations.has(country)) return 'not_collecting';
    if (buyer.exempt === 'exempt') return 'customer_exempt';
    if (buyer.exempt === 'reverse') return 'reverse_charge';
    // A number the authority confirmed, or one of a type no authority is asked about (Stripe's `unavailable`).
    const business = buyer.taxIds.some((id) => ['verified', 'unavailable'].includes(id.verification.status) && vatCountry(id.country) === country);
    if (business && country !== this.settings.origin && REVERSE_CHARGE_COUNTRIES.has(country)) return 'reverse_charge';
    return 'standard_rated';
  }

  /** The tax_rate Stripe Tax shows for a country and outcome: the country's rate, with the effective percentage charged. */
  private async rateFor(country: string, reason: TaxabilityReason, store: EmulatorStore, em: EntityManager): Promise<StripeObject> {
    const known = Object.hasOwn(RATES, country) ? RATES[country] : undefined;
    const percentage = reason === 'not_collecting' ? 0 : (known?.percentage ?? 0);
    const effective = reason === 'standard_rated' ? percentage : 0;
    const taxType = known?.taxType ?? (country === 'US' ? 'sales_tax' : 'vat');
    const id = `txr_${createHash('sha256').update(`${country}:${taxType}:${percentage}:${effective}`).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
    const found = await store.get(id, 'tax_rate', em);
    if (found) return found;
    const displayName = known?.displayName ?? (taxType === 'sales_tax' ? 'Sales Tax' : 'VAT');
    return store.put(
      {
        ...template('tax_rate'),
        id,
        object: 'tax_rate',
        active: true,
        country,
        created: RATES_CREATED,
        description: null,
        display_name: displayName,
        effective_percentage: effective,
        flat_amount: null,
        inclusive: false,
        jurisdiction: country,
        jurisdiction_level: 'country',
        livemode: false,
        metadata: {},
        percentage,
        rate_type: 'percentage',
        state: null,
        tax_type: taxType,
      },
      em,
    );
  }
}

/** Rounds to the cent, half away from zero (a credit line's tax mirrors its charge's). */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** A tax id's country as an address names it (Greek VAT numbers start EL; Stripe reports GR). */
function vatCountry(country: string | null): string | null {
  return country === 'EL' ? 'GR' : country;
}

/** An invoice's tax amount (line or total) as the invoice API shows it: the rate by id. */
export function invoiceTax(tax: LineTax) {
  return {
    amount: tax.amount,
    tax_behavior: 'exclusive',
    tax_rate_details: { tax_rate: tax.rate.id },
    taxability_reason: tax.taxability_reason,
    taxable_amount: tax.taxable_amount,
    type: 'tax_rate_details',
  };
}
