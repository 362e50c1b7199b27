import { z } from 'zod';
import { findUnsafeString } from '../../server-fn/unsafe-strings';
import type { StripeObject } from './emulator-store';
import { addressObject, type Fixture } from './stripe-objects';
import { checkTaxId, normalTaxIdValue, verificationOf, type Verification } from './tax-id-formats';
import { isEu } from './tax-table';

/** What the hosted checkout collected of the buyer: billing address, names, tax ids (kept on the session). */
export interface Collected {
  address: Fixture;
  name: string | null;
  businessName: string | null;
  taxIds: Array<{ type: string; value: string; country: string | null; verification: Verification }>;
}

/** The country the page preselects, as Stripe preselects the one of the visitor's IP: a form without one (a test's bare POST) means it. */
export const PRESELECTED_COUNTRY = 'US';

const field = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
const formSchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'choose a country')
    .transform((code) => code.toUpperCase())
    .optional(),
  line1: field(200),
  line2: field(200),
  city: field(200),
  postal_code: field(40),
  state: field(200),
  name: field(256),
  business: z.string().max(10).optional(),
  business_name: field(256),
  tax_id: field(100),
});

const ADDRESS_FIELDS = ['country', 'line1', 'line2', 'city', 'postal_code', 'state', 'name', 'business', 'business_name', 'tax_id'] as const;

/** The tax id type Checkout collects for a buyer's country (Stripe's form offers the country's VAT/GST number). */
const TAX_ID_TYPE: Readonly<Record<string, string>> = { GB: 'gb_vat', NO: 'no_vat', CH: 'ch_vat', AU: 'au_abn', NZ: 'nz_gst', JP: 'jp_trn', CA: 'ca_bn' };
const taxIdTypeFor = (country: string): string | undefined => (isEu(country) ? 'eu_vat' : TAX_ID_TYPE[country]);

/** Whether the page must collect a billing address: for automatic tax, or when the session requires one. */
export function collectsAddress(session: StripeObject): boolean {
  return (session.automatic_tax as { enabled?: boolean } | null)?.enabled === true || session.billing_address_collection === 'required';
}

export const collectsTaxId = (session: StripeObject): boolean => (session.tax_id_collection as { enabled?: boolean } | null)?.enabled === true;

/** Whether a posted form carries any of the address step's fields. */
export function hasAddressFields(form: Record<string, unknown>): boolean {
  return ADDRESS_FIELDS.some((key) => Object.hasOwn(form, key));
}

/**
 * Reads the address step of the hosted checkout as Stripe's form checks it: a country always,
 * the street, city and postal code when the session requires the full address; a business
 * name and its VAT/GST number when the buyer buys as a business. A problem is a sentence for the page.
 */
export function readAddressForm(session: StripeObject, form: Record<string, unknown>): { collected: Collected } | { problem: string } {
  if (findUnsafeString(form)) return { problem: 'The form contains characters that cannot be stored (NUL or unpaired surrogates).' };
  const parsed = formSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `${label(String(issue.path[0] ?? 'field'))}: ${issue.message}.` };
  }
  const data = parsed.data;
  const country = data.country ?? PRESELECTED_COUNTRY;
  const value = (text: string | undefined) => (text ? text : null);
  if (session.billing_address_collection === 'required') {
    for (const key of ['line1', 'city', 'postal_code'] as const) if (!data[key]) return { problem: `${label(key)}: required.` };
  }
  const business = data.business === 'on' || data.business === 'true';
  const businessName = business ? value(data.business_name) : null;
  const taxIds: Collected['taxIds'] = [];
  if (business && data.tax_id && collectsTaxId(session)) {
    const type = taxIdTypeFor(country);
    if (!type) return { problem: `Tax ID: tax IDs from ${country} are not collected.` };
    let tax = normalTaxIdValue(data.tax_id);
    // An EU number typed without its country prefix gets the buyer's (EL for Greece).
    if (type === 'eu_vat' && /^\d/.test(tax)) tax = `${country === 'GR' ? 'EL' : country}${tax}`;
    const checked = checkTaxId(type, tax);
    if (!checked) return { problem: 'Tax ID: this is not a valid tax ID for the country.' };
    taxIds.push({ type, value: tax, country: checked.country, verification: verificationOf(type, tax, businessName) });
  }
  return {
    collected: {
      address: addressObject({
        country,
        line1: value(data.line1),
        line2: value(data.line2),
        city: value(data.city),
        postal_code: value(data.postal_code),
        state: value(data.state),
      })!,
      name: value(data.name),
      businessName,
      taxIds,
    },
  };
}

function label(key: string): string {
  const labels: Record<string, string> = {
    country: 'Country or region',
    line1: 'Address line 1',
    line2: 'Address line 2',
    city: 'City',
    postal_code: 'Postal code',
    state: 'State or province',
    name: 'Full name',
    business_name: 'Business name',
    tax_id: 'Tax ID',
  };
  return labels[key] ?? key;
}
