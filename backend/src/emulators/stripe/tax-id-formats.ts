/**
 * The tax id types the emulator accepts and the format Stripe checks for each (its examples:
 * docs.stripe.com/billing/customer/tax-ids). Stripe answers a value of the wrong shape with
 * `tax_id_invalid`; the emulator does the same. Values are compared without spaces, dots and dashes.
 */
const EU_VAT: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  // Northern Ireland's traders keep an EU VAT number for goods.
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

interface TaxIdType {
  /** The country the id belongs to, or a function of the value (eu_vat: its prefix). */
  country: string | ((value: string) => string | null);
  format: RegExp | ((value: string) => boolean);
  /** Stripe verifies these with the tax authority (VIES, HMRC, the ABR); the rest are `unavailable`. */
  verifiable: boolean;
}

const euVatCountry = (value: string): string | null => {
  const prefix = value.slice(0, 2);
  return Object.hasOwn(EU_VAT, prefix) ? prefix : null;
};

export const TAX_ID_TYPES: Readonly<Record<string, TaxIdType>> = {
  eu_vat: { country: euVatCountry, format: (value) => EU_VAT[euVatCountry(value) ?? '']?.test(value) ?? false, verifiable: true },
  gb_vat: { country: 'GB', format: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, verifiable: true },
  no_vat: { country: 'NO', format: /^\d{9}MVA$/, verifiable: false },
  no_voec: { country: 'NO', format: /^\d{7}$/, verifiable: false },
  ch_vat: { country: 'CH', format: /^CHE\d{9}(MWST|TVA|IVA)$/, verifiable: false },
  ch_uid: { country: 'CH', format: /^CHE\d{9}$/, verifiable: false },
  au_abn: { country: 'AU', format: /^\d{11}$/, verifiable: true },
  nz_gst: { country: 'NZ', format: /^\d{8,9}$/, verifiable: false },
  jp_cn: { country: 'JP', format: /^\d{13}$/, verifiable: false },
  jp_trn: { country: 'JP', format: /^T\d{13}$/, verifiable: false },
  ca_bn: { country: 'CA', format: /^\d{9}$/, verifiable: false },
  ca_gst_hst: { country: 'CA', format: /^\d{9}RT\d{4}$/, verifiable: false },
  eu_oss_vat: { country: 'EU', format: /^EU\d{9}$/, verifiable: false },
  us_ein: { country: 'US', format: /^\d{9}$/, verifiable: false },
};

/** A value as Stripe compares it: upper case, without the spaces, dots and dashes people type. */
export const normalTaxIdValue = (value: string): string => value.toUpperCase().replace(/[\s.-]/g, '');

/** The id's country when the value has the type's format, else undefined. */
export function checkTaxId(type: string, value: string): { country: string | null } | undefined {
  const spec = Object.hasOwn(TAX_ID_TYPES, type) ? TAX_ID_TYPES[type] : undefined;
  if (!spec) return undefined;
  const normal = normalTaxIdValue(value);
  const valid = typeof spec.format === 'function' ? spec.format(normal) : spec.format.test(normal);
  if (!valid) return undefined;
  return { country: typeof spec.country === 'function' ? spec.country(normal) : spec.country };
}

export interface Verification {
  status: 'pending' | 'verified' | 'unverified' | 'unavailable';
  verified_address: string | null;
  verified_name: string | null;
}

/**
 * Stripe's test-mode verification, by magic value (docs.stripe.com/billing/customer/tax-ids, Testing):
 * a value containing 000000000 is `unverified`, 111111111 `verified`, 222222222 stays `pending`.
 * Any other value of a type Stripe verifies is `verified` at once (Stripe checks the authority's
 * register within moments; the emulator has none to ask), with the name it was given; the other
 * types are `unavailable`, as on Stripe.
 */
export function verificationOf(type: string, value: string, name: string | null): Verification {
  const normal = normalTaxIdValue(value);
  const verifiable = TAX_ID_TYPES[type]?.verifiable ?? false;
  if (normal.includes('000000000')) return { status: 'unverified', verified_address: null, verified_name: null };
  if (normal.includes('222222222')) return { status: 'pending', verified_address: null, verified_name: null };
  if (normal.includes('111111111') || verifiable) return { status: 'verified', verified_address: null, verified_name: name ?? 'Test Business' };
  return { status: 'unavailable', verified_address: null, verified_name: null };
}
