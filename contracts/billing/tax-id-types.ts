import { EU_MEMBER_STATES } from './eu-member-states';

/** Outside the EU, the number Stripe keeps for a business of each country the seller may be registered in. */
const NATIONAL: Readonly<Record<string, string>> = { GB: 'gb_vat', NO: 'no_vat', CH: 'ch_vat', AU: 'au_abn', NZ: 'nz_gst', JP: 'jp_trn', CA: 'ca_bn' };

/** The Stripe tax id type for a business in `country` (`eu_vat` in every member state), or null where invoices carry none. */
export function taxIdTypeFor(country: string): string | null {
  if (EU_MEMBER_STATES.has(country)) return 'eu_vat';
  return Object.hasOwn(NATIONAL, country) ? NATIONAL[country]! : null;
}

/**
 * A number as Stripe stores it: upper case, without the spaces, dots and dashes people type, and an
 * EU VAT number typed without its prefix given its country's (EL for Greece).
 */
export function taxIdValueFor(type: string, country: string, typed: string): string {
  const value = typed.toUpperCase().replace(/[\s.-]/g, '');
  if (type === 'eu_vat' && /^\d/.test(value)) return `${country === 'GR' ? 'EL' : country}${value}`;
  return value;
}
