import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { getCreditSummary, type CreditSummary } from '../../../../contracts/credits/credits.contract';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import type { KeyedLicense } from '../licenses';
import { CREDIT_PACKS_PATH } from './credit-packs-path';
import { creditReadModels } from './credit-read-models';
import { CreditAccounts, type CreditAccount } from './credit-accounts';
import { CreditReads } from './credits.queries';

/** The dashboard's credits: the balance the plugin sees with the owner's key, packs, and recent usage. */
@Injectable()
export class CreditSummaryServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly accounts: CreditAccounts,
    private readonly reads: CreditReads,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(getCreditSummary)
  async getCreditSummary(_input: unknown, context: ServerFnContext): Promise<CreditSummary> {
    const user = await this.auth.requireUser(context);
    const now = new Date();
    const owned = await creditReadModels(this.orm.em)
      .selectFrom('rm_licenses as l')
      .leftJoin('resources as r', 'r.id', 'l.resource_id')
      .select((eb) => ['l.license_id', 'l.status', 'l.valid_until', eb.fn.coalesce('r.title', 'l.plan').as('title')])
      .where('l.user_id', '=', user.userId)
      .orderBy('l.granted_at')
      .execute();
    // The license granting the most included credits now is the one the plugin's balance counts.
    let best: { account: CreditAccount; title: string } | null = null;
    for (const row of owned) {
      const license: KeyedLicense = { licenseId: row.license_id, seatEmail: null, status: row.status, validUntil: row.valid_until, retired: false };
      const account = await this.accounts.forLicense(license, now, { fresh: true });
      if (account && account.cycle.allowance > 0 && (!best || account.cycle.allowance > best.account.cycle.allowance)) best = { account, title: row.title };
    }
    if (!best && user.email) return (await this.seatSummary(user.email, now)) ?? this.ownSummary(user.userId, null, now);
    return this.ownSummary(user.userId, best, now);
  }

  private async ownSummary(userId: string, best: { account: CreditAccount; title: string } | null, now: Date): Promise<CreditSummary> {
    const none = { licenseId: '', cycleStart: now.toISOString(), cycleEnd: now.toISOString(), allowance: 0 };
    const [figures, packs, usage] = await Promise.all([
      this.reads.balance(userId, best?.account.cycle ?? none),
      this.reads.packs(userId),
      this.reads.usage(userId, { limit: 10 }),
    ]);
    return {
      includedFrom: best
        ? {
            licenseId: best.account.cycle.licenseId,
            title: best.title,
            cycleStartedAt: best.account.cycle.cycleStart,
            cycleEndsAt: best.account.cycle.cycleEnd,
          }
        : null,
      seat: null,
      includedPerMonth: best?.account.cycle.allowance ?? 0,
      includedRemaining: figures.includedRemaining,
      addOnRemaining: figures.addOnRemaining,
      totalRemaining: figures.includedRemaining + figures.addOnRemaining,
      packs,
      usage: usage.items.map((e) => ({ id: e.id, createdAt: e.created_at, endpoint: e.endpoint, usageKind: e.usage_kind, credits: e.credits_charged })),
      purchasePath: CREDIT_PACKS_PATH,
    };
  }

  /**
   * Someone with no license of their own but a seat on another's: their seat key draws on the
   * owner's account, so the figures are the ones the plugin's balance gives that key. The
   * owner's packs and usage are the owner's business: only the totals are shown.
   */
  private async seatSummary(email: string, now: Date): Promise<CreditSummary | null> {
    const seats = await creditReadModels(this.orm.em)
      .selectFrom('rm_seats as u')
      .innerJoin('rm_licenses as l', 'l.license_id', 'u.license_id')
      .leftJoin('resources as r', 'r.id', 'l.resource_id')
      .select((eb) => ['u.license_id', 'u.email', 'l.status', 'l.valid_until', eb.fn.coalesce('r.title', 'l.plan').as('title')])
      .where('u.email', '=', email.toLowerCase())
      .orderBy('l.included_credits_per_month', 'desc')
      .orderBy('u.added_at')
      .execute();
    for (const row of seats) {
      const account = await this.accounts.forLicense(
        { licenseId: row.license_id, seatEmail: row.email, status: row.status, validUntil: row.valid_until, retired: false },
        now,
        { fresh: true },
      );
      if (!account || account.cycle.allowance === 0) continue;
      const figures = await this.reads.balance(account.userId, account.cycle);
      return {
        includedFrom: { licenseId: row.license_id, title: row.title, cycleStartedAt: account.cycle.cycleStart, cycleEndsAt: account.cycle.cycleEnd },
        seat: { licenseId: row.license_id, planTitle: row.title },
        includedPerMonth: account.cycle.allowance,
        includedRemaining: figures.includedRemaining,
        addOnRemaining: figures.addOnRemaining,
        totalRemaining: figures.includedRemaining + figures.addOnRemaining,
        packs: [],
        usage: [],
        purchasePath: CREDIT_PACKS_PATH,
      };
    }
    return null;
  }
}
