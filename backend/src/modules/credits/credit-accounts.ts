import { sql } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { admit, type KeyedLicense } from '../licenses';
import { creditReadModels } from './credit-read-models';
import { currentCycle } from './billing-cycle';
import type { CycleAllowance } from './credits.decider';

/** The account a key draws credits from, and what its license grants this cycle. */
export interface CreditAccount {
  userId: string;
  cycle: CycleAllowance;
  anchor: string;
  /** Billed once a year (an annual plan). */
  yearly: boolean;
}

interface LicenseTerms {
  userId: string;
  kind: 'lifetime' | 'subscription';
  includedPerMonth: number;
  grantedAt: Date;
  /** Billed once a year: its included credits still reset each month. */
  yearly: boolean;
  /** While its subscription's free trial runs, the smaller trial allowance applies. */
  trialEndsAt: Date | null;
}

const CACHE_MS = 2_000;

/** A free trial includes a tenth of the plan's monthly credits. */
export const trialAllowance = (includedPerMonth: number) => Math.floor(includedPerMonth / 10);

/**
 * Resolves an admitted key's license to its owner's credit account and current cycle. A seat
 * holder's key draws on the owner's account: seats share the license's credits. The terms (owner,
 * kind, allowance) are cached for 2 s, like the key lookup: a plan change moves the allowance.
 */
export class CreditAccounts {
  private readonly cache = new Map<string, { terms: LicenseTerms | null; until: number }>();

  constructor(private readonly orm: MikroORM) {}

  /** `fresh` skips the cache: the dashboard shows a plan change the moment it is recorded. */
  async forLicense(license: KeyedLicense, now: Date, options: { fresh?: boolean } = {}): Promise<CreditAccount | null> {
    const terms = await this.terms(license.licenseId, options.fresh ?? false);
    if (!terms) return null;
    const cycle = currentCycle(
      { grantedAt: terms.grantedAt, paidThrough: terms.kind === 'subscription' ? license.validUntil : null, yearly: terms.yearly },
      now,
    );
    const included = terms.trialEndsAt && terms.trialEndsAt > now ? trialAllowance(terms.includedPerMonth) : terms.includedPerMonth;
    const allowance = admit(license, now).code === 'allowed' ? included : 0;
    return {
      userId: terms.userId,
      yearly: terms.yearly,
      anchor: cycle.anchor.toISOString(),
      cycle: { licenseId: license.licenseId, cycleStart: cycle.start.toISOString(), cycleEnd: cycle.end.toISOString(), allowance },
    };
  }

  private async terms(licenseId: string, fresh: boolean): Promise<LicenseTerms | null> {
    const cached = this.cache.get(licenseId);
    if (!fresh && cached && cached.until > Date.now()) return cached.terms;
    const row = await creditReadModels(this.orm.em)
      .selectFrom('rm_licenses as l')
      .leftJoin('resources as r', 'r.id', 'l.resource_id')
      .leftJoin('rm_subscriptions as s', 's.subscription_id', 'l.subscription_id')
      .select([
        'l.user_id',
        'l.kind',
        'l.included_credits_per_month',
        'l.granted_at',
        sql<string | null>`r.metadata->>'billingInterval'`.as('billing_interval'),
        's.trial_ends_at',
      ])
      .where('l.license_id', '=', licenseId)
      .executeTakeFirst();
    const terms = row
      ? {
          userId: row.user_id,
          kind: row.kind,
          includedPerMonth: row.included_credits_per_month,
          grantedAt: row.granted_at,
          yearly: row.billing_interval === 'year',
          trialEndsAt: row.trial_ends_at,
        }
      : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(licenseId, { terms, until: Date.now() + CACHE_MS });
    return terms;
  }
}
