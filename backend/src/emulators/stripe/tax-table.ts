/**
 * The rates the emulator's Stripe Tax charges on a digital service (an electronically supplied
 * service: software, subscriptions), by the buyer's country: each EU member state's standard VAT
 * rate, the UK's, Norway's and Switzerland's VAT, Australia's and New Zealand's GST, Japan's JCT
 * and Canada's federal GST (provincial HST/PST/QST are not emulated). Rates in force in 2026.
 */
export interface CountryRate {
  percentage: number;
  taxType: 'vat' | 'gst' | 'jct';
  /** Stripe's display_name of the rate. */
  displayName: 'VAT' | 'GST' | 'JCT';
  name: string;
}

const vat = (percentage: number, name: string): CountryRate => ({ percentage, taxType: 'vat', displayName: 'VAT', name });

export const EU_RATES: Readonly<Record<string, CountryRate>> = {
  AT: vat(20, 'Austria'),
  BE: vat(21, 'Belgium'),
  BG: vat(20, 'Bulgaria'),
  HR: vat(25, 'Croatia'),
  CY: vat(19, 'Cyprus'),
  CZ: vat(21, 'Czech Republic'),
  DK: vat(25, 'Denmark'),
  EE: vat(24, 'Estonia'),
  FI: vat(25.5, 'Finland'),
  FR: vat(20, 'France'),
  DE: vat(19, 'Germany'),
  GR: vat(24, 'Greece'),
  HU: vat(27, 'Hungary'),
  IE: vat(23, 'Ireland'),
  IT: vat(22, 'Italy'),
  LV: vat(21, 'Latvia'),
  LT: vat(21, 'Lithuania'),
  LU: vat(17, 'Luxembourg'),
  MT: vat(18, 'Malta'),
  NL: vat(21, 'Netherlands'),
  PL: vat(23, 'Poland'),
  PT: vat(23, 'Portugal'),
  RO: vat(21, 'Romania'),
  SK: vat(23, 'Slovakia'),
  SI: vat(22, 'Slovenia'),
  ES: vat(21, 'Spain'),
  SE: vat(25, 'Sweden'),
};

export const RATES: Readonly<Record<string, CountryRate>> = {
  ...EU_RATES,
  GB: vat(20, 'United Kingdom'),
  NO: vat(25, 'Norway'),
  CH: vat(8.1, 'Switzerland'),
  AU: { percentage: 10, taxType: 'gst', displayName: 'GST', name: 'Australia' },
  NZ: { percentage: 15, taxType: 'gst', displayName: 'GST', name: 'New Zealand' },
  JP: { percentage: 10, taxType: 'jct', displayName: 'JCT', name: 'Japan' },
  CA: { percentage: 5, taxType: 'gst', displayName: 'GST', name: 'Canada' },
};

export const isEu = (country: string): boolean => Object.hasOwn(EU_RATES, country);

/**
 * Countries whose VAT a business buyer from abroad self-accounts for (the reverse charge) when it
 * gives a verified VAT number: the EU's, and the UK's, Norway's and Switzerland's B2B rules.
 */
export const REVERSE_CHARGE_COUNTRIES = new Set([...Object.keys(EU_RATES), 'GB', 'NO', 'CH']);

/** Countries a buyer can pick on the emulator's checkout page: the table's, and a few where the seller is not registered. */
export const CHECKOUT_COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  ...Object.entries(RATES).map(([code, rate]) => ({ code, name: rate.name })),
  { code: 'US', name: 'United States' },
  { code: 'BR', name: 'Brazil' },
  { code: 'IN', name: 'India' },
  { code: 'SG', name: 'Singapore' },
  { code: 'ZA', name: 'South Africa' },
].sort((a, b) => a.name.localeCompare(b.name));
