/** The EU member states (ISO 3166-1 alpha-2; Greece is GR here, EL on VAT forms). */
export const EU_MEMBER_STATES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** The member state of an EU VAT number: its two-letter prefix, Greece's EL read as GR; null for anything else. */
export function euVatCountry(value: string): string | null {
  const prefix = value.slice(0, 2).toUpperCase();
  const country = prefix === 'EL' ? 'GR' : prefix;
  return EU_MEMBER_STATES.has(country) ? country : null;
}
