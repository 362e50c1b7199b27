import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { getCreditSummary, type CreditSummary } from '../../../../../contracts/dashboard/credits.contract';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { Auth } from '../../auth/auth';
import type { KeyedLicense, LicenseStanding } from '../license-lookup';
import { CREDIT_PACKS_PATH } from './credits.controller';
import { CreditAccounts, type CreditAccount } from './credit-accounts';
import { CreditReads } from './credit-reads';

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
    const owned = await this.orm.em.getConnection().execute<{ license_id: string; status: LicenseStanding; valid_until: Date | null; title: string }[]>(
      `select l.license_id, l.status, l.valid_until, coalesce(r.title, l.plan) as title
         from rm_licenses l left join resources r on r.id = l.resource_id where l.user_id = ? order by l.granted_at`,
      [user.userId],
    );
    // The license granting the most included credits now is the one the plugin's balance counts.
    let best: { account: CreditAccount; title: string } | null = null;
    for (const row of owned) {
      const license: KeyedLicense = { licenseId: row.license_id, seatEmail: null, status: row.status, validUntil: row.valid_until ? new Date(row.valid_until) : null, retired: false };
      const account = await this.accounts.forLicense(license, now);
      if (account && account.cycle.allowance > 0 && (!best || account.cycle.allowance > best.account.cycle.allowance)) best = { account, title: row.title };
    }
    const none = { licenseId: '', cycleStart: now.toISOString(), cycleEnd: now.toISOString(), allowance: 0 };
    const [figures, packs, usage] = await Promise.all([
      this.reads.balance(user.userId, best?.account.cycle ?? none),
      this.reads.packs(user.userId),
      this.reads.usage(user.userId, { limit: 10 }),
    ]);
    return {
      includedFrom: best ? { licenseId: best.account.cycle.licenseId, title: best.title, cycleStartedAt: best.account.cycle.cycleStart, cycleEndsAt: best.account.cycle.cycleEnd } : null,
      includedPerMonth: best?.account.cycle.allowance ?? 0,
      includedRemaining: figures.includedRemaining,
      addOnRemaining: figures.addOnRemaining,
      totalRemaining: figures.includedRemaining + figures.addOnRemaining,
      packs,
      usage: usage.entries.map((e) => ({ id: e.id, createdAt: e.created_at, endpoint: e.endpoint, usageKind: e.usage_kind, credits: e.credits_spent })),
      purchasePath: CREDIT_PACKS_PATH,
    };
  }
}
