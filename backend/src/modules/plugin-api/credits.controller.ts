import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { admissionResponse } from '../../../../contracts/plugin/admission-v1';
import { creditBalanceSchema, usagePageSchema, usageQuerySchema, type CreditBalance, type UsagePage } from '../../../../contracts/plugin/credits-v1';
import { ValidationFailedError } from '../../platform/common/app-error';
import { rootLogger } from '../../platform/common/logger';
import { within } from '../../platform/common/within';
import { toErrorIssues } from '../../platform/common/zod-issues';
import { CREDIT_PACKS_PATH, CreditAccounts, CreditReads } from '../credits';
import { AnnualUpgradeOffers } from './annual-upgrade-offer';
import { LicenseClock } from './license-clock';
import { DEPENDENCY_TIMEOUT_MS, KeyGate, type KeyGateLimits } from './key-gate';
import type { LookedUpLicense } from './license-lookup';

/** The plugin shows the balance often (settings, before long jobs): generous, but not unlimited. */
const LIMITS = { perKey: { limit: 120, windowSeconds: 60 }, perIp: { limit: 600, windowSeconds: 60 } };

/** GET /api/plugin/credits/balance and /usage, as the plugin reads them (plugin-facts.md). */
@Controller('api/plugin/credits')
export class CreditsController {
  constructor(
    private readonly gate: KeyGate,
    private readonly accounts: CreditAccounts,
    private readonly reads: CreditReads,
    private readonly offers: AnnualUpgradeOffers,
    private readonly clock: LicenseClock,
  ) {}

  @Get('balance')
  async balance(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answer(req, res, { ...LIMITS, scope: 'credits' }, async (license) => {
      const account = await this.accounts.forLicense(license, await this.clock.now(license.licenseId));
      if (!account) return null;
      const [figures, offer] = await Promise.all([this.reads.balance(account.userId, account.cycle), account.yearly ? null : this.offers.forLicense(license)]);
      const balance: CreditBalance = {
        included_remaining: figures.includedRemaining,
        add_on_remaining: figures.addOnRemaining,
        total_remaining: figures.includedRemaining + figures.addOnRemaining,
        included_per_month: account.cycle.allowance,
        usage_class: 'customer',
        cycle_anchor_at: account.anchor,
        cycle_started_at: account.cycle.cycleStart,
        cycle_ends_at: account.cycle.cycleEnd,
        turn_in_flight_until: null,
        billing_cycle: account.yearly ? 'annual' : 'monthly',
        purchase_url: CREDIT_PACKS_PATH,
        annual_upgrade_offer: offer,
      };
      return creditBalanceSchema.parse(balance);
    });
  }

  @Get('usage')
  async usage(@Req() req: Request, @Res() res: Response, @Query() query: Record<string, unknown>): Promise<void> {
    const parsed = usageQuerySchema.safeParse(query);
    if (!parsed.success) throw new ValidationFailedError(toErrorIssues(parsed.error), 'The usage query is not valid.');
    await this.answer(req, res, { ...LIMITS, scope: 'credits' }, async (license) => {
      const account = await this.accounts.forLicense(license, new Date());
      if (!account) return null;
      const { limit, before, endpoint } = parsed.data;
      const page = await this.reads.usage(account.userId, { limit, before, endpoints: endpoint });
      return usagePageSchema.parse({ items: page.items, next_before: page.nextBefore } satisfies UsagePage);
    });
  }

  /** Lets the key in (or answers as admission-v1 does), then sends what `read` found. */
  private async answer(req: Request, res: Response, limits: KeyGateLimits, read: (license: LookedUpLicense) => Promise<object | null>): Promise<void> {
    res.setHeader('cache-control', 'no-store');
    const gate = await this.gate.check(req, limits);
    if (gate.outcome.code !== 'allowed' || !gate.license) {
      if (gate.retryAfterSeconds) res.setHeader('retry-after', String(gate.retryAfterSeconds));
      const refused = admissionResponse(gate.outcome, gate.requestId);
      res.status(refused.status).json(refused.body);
      return;
    }
    const { license } = gate;
    try {
      const body = await within(read(license), DEPENDENCY_TIMEOUT_MS, 'the credit balance');
      if (body) {
        res.status(200).json(body);
        return;
      }
      const refused = admissionResponse({ code: 'license_rejected', reason: 'invalid' }, gate.requestId);
      res.status(refused.status).json(refused.body);
    } catch (error) {
      rootLogger().warn({ reqId: gate.requestId, err: error }, 'credits could not be read');
      const unavailable = admissionResponse({ code: 'temporarily_unavailable' }, gate.requestId);
      res.status(unavailable.status).json(unavailable.body);
    }
  }
}
