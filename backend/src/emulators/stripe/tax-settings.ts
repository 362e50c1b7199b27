import { EU_RATES, RATES } from './tax-table';

/** Where the emulated seller is established and where it is registered to collect tax (configuration, as in Stripe's dashboard). */
export interface TaxSettings {
  origin: string;
  registrations: ReadonlySet<string>;
}

/** The default seller: an Irish company (an EU establishment, as the OSS scheme expects) registered in every jurisdiction of the rate table. */
export const DEFAULT_TAX_ORIGIN = 'IE';
export const ALL_REGISTRATIONS = 'EU,GB,NO,CH,AU,NZ,JP,CA';

/**
 * Reads STRIPE_EMULATOR_TAX_ORIGIN and STRIPE_EMULATOR_TAX_REGISTRATIONS: a comma list of country
 * codes, `EU` standing for the 27 member states (one OSS registration covers them all).
 */
export function taxSettings(origin: string | undefined, registrations: string | undefined): TaxSettings {
  const countries = new Set<string>();
  for (const code of (registrations ?? ALL_REGISTRATIONS)
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean)) {
    if (code === 'EU') Object.keys(EU_RATES).forEach((member) => countries.add(member));
    else if (Object.hasOwn(RATES, code)) countries.add(code);
  }
  return { origin: (origin ?? DEFAULT_TAX_ORIGIN).toUpperCase(), registrations: countries };
}
