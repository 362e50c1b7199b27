import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { checkoutHref } from '../../../../contracts/catalog/resource-rules';
import type { AnnualUpgradeOffer } from '../../../../contracts/plugin/credits-v1';
import { pluginApiReadModels } from './plugin-api-read-models';

/** A monthly plan's price and its annual twin's, for the number of seats held. */
export interface AnnualChoice {
  monthlyCents: number;
  annualCents: number;
  annualResourceId: string;
  quantity: number;
}

/**
 * What switching to the annual plan saves, as the plugin shows it: a year of the monthly price
 * against the annual price, for the seats held; the path opens the switch at checkout.
 */
export function annualUpgradeOffer(choice: AnnualChoice): AnnualUpgradeOffer | null {
  const yearOfMonthly = 12 * choice.monthlyCents * choice.quantity;
  const annual = choice.annualCents * choice.quantity;
  if (annual <= 0 || annual >= yearOfMonthly) return null;
  const saved = yearOfMonthly - annual;
  return {
    amount_saved_cents: saved,
    percent_saved: Math.round((100 * saved) / yearOfMonthly),
    annual_price_cents: annual,
    monthly_equivalent_annual_cents: Math.round(annual / 12),
    checkout_path: checkoutHref(choice.annualResourceId, choice.quantity),
  };
}

/**
 * The annual offer for a key's license: only the owner's key of a monthly plan that has an annual
 * twin in the catalog (`annualPlan`) gets one; annual plans, Lifetime and seat keys get null.
 */
export class AnnualUpgradeOffers {
  constructor(private readonly orm: MikroORM) {}

  async forLicense(license: { licenseId: string; seatEmail: string | null }): Promise<AnnualUpgradeOffer | null> {
    if (license.seatEmail !== null) return null;
    const row = await pluginApiReadModels(this.orm.em)
      .selectFrom('rm_licenses as l')
      .innerJoin('resources as m', 'm.id', 'l.resource_id')
      .innerJoin('resources as a', (join) => join.on(sql<boolean>`a.id = m.metadata->>'annualPlan'`))
      .select([
        'l.seats',
        'm.price_cents as monthly_cents',
        'a.id as annual_id',
        'a.price_cents as annual_cents',
        sql<string | null>`m.metadata->>'billingInterval'`.as('monthly_interval'),
        sql<string | null>`a.metadata->>'billingInterval'`.as('annual_interval'),
        sql<unknown>`m.metadata->'seats'`.as('seats_per_unit'),
      ])
      .where('l.license_id', '=', license.licenseId)
      .where('l.kind', '=', 'subscription')
      .where('l.status', '=', 'active')
      .executeTakeFirst();
    if (!row || row.monthly_interval !== 'month' || row.annual_interval !== 'year' || row.monthly_cents === null || row.annual_cents === null) return null;
    const perUnit = typeof row.seats_per_unit === 'number' && row.seats_per_unit > 0 ? row.seats_per_unit : 1;
    return annualUpgradeOffer({
      monthlyCents: row.monthly_cents,
      annualCents: row.annual_cents,
      annualResourceId: row.annual_id,
      quantity: Math.max(1, Math.round(row.seats / perUnit)),
    });
  }
}
