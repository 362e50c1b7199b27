import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { StripeClient } from '../../integrations/stripe';
import { pluginApiReadModels } from './plugin-api-read-models';

/**
 * The time a license's included-credits cycle is counted at: Stripe's time for its subscription.
 * In live mode that is the wall clock; in test mode a subscription may live on a test clock moved
 * months ahead (an annual plan's monthly cycles follow it), so an annual plan's frozen time is asked for. When
 * Stripe cannot answer, the wall clock: a balance never fails for it.
 */
export class LicenseClock {
  constructor(
    private readonly orm: MikroORM,
    private readonly stripe: StripeClient,
  ) {}

  async now(licenseId: string): Promise<Date> {
    const wall = new Date();
    if (!this.stripe.isTestMode) return wall;
    // Only an annual plan's cycles depend on the time (a monthly plan's cycle is its paid period).
    const row = await pluginApiReadModels(this.orm.em)
      .selectFrom('rm_licenses as l')
      .innerJoin('resources as r', 'r.id', 'l.resource_id')
      .select('l.subscription_id')
      .where('l.license_id', '=', licenseId)
      .where('l.kind', '=', 'subscription')
      .where(sql<string>`r.metadata->>'billingInterval'`, '=', 'year')
      .executeTakeFirst();
    if (!row?.subscription_id) return wall;
    try {
      const subscription = await this.stripe.api.subscriptions.retrieve(row.subscription_id);
      return subscription.test_clock ? new Date((await this.stripe.nowFor(subscription)) * 1000) : wall;
    } catch {
      return wall;
    }
  }
}
