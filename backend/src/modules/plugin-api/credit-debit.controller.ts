import { timingSafeEqual } from 'node:crypto';
import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { creditDebitSchema } from '../../../../contracts/plugin/credits-v1';
import { ValidationFailedError } from '../../platform/common/app-error';
import { toErrorIssues } from '../../platform/common/zod-issues';
import { APP_CONFIG } from '../../platform/config/config.module';
import { PayloadDecoder } from '../../server-fn/payload-decoder';
import type { AppConfig } from '../../platform/config/config.schema';
import { SYSTEM } from '../../events/event-metadata';
import { requestMetadata } from '../../events/metadata-for';
import { correlationIdOf } from '../../server-fn/request-context';
import { CreditAccounts, DebitCredits, DebitLicenseRejectedError, DebitsNotConfiguredError, DebitTokenInvalidError } from '../credits';
import { admit } from '../licenses';
import { readKey } from './license-key-header';
import { LicenseLookup } from './license-lookup';
import { LicenseClock } from './license-clock';

const body = new PayloadDecoder('16kb');

/**
 * POST /api/internal/credits/debit: the AI service reports what a request it served cost. Bearer
 * CREDITS_API_TOKEN; idempotent by request_id; refused (402, nothing debited) past the balance.
 */
@Controller('api/internal/credits')
export class CreditDebitController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lookup: LicenseLookup,
    private readonly accounts: CreditAccounts,
    private readonly commands: CommandBus,
    private readonly clock: LicenseClock,
  ) {}

  @Post('debit')
  @HttpCode(200)
  async debit(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    this.authenticate(req.headers.authorization);
    const parsed = creditDebitSchema.safeParse((await body.decode(req, res)).input);
    if (!parsed.success) throw new ValidationFailedError(toErrorIssues(parsed.error), 'The usage report is not valid.');
    const usage = parsed.data;
    const key = readKey(usage.license_key);
    const license = key.kind === 'key' ? await this.lookup.find(key.hash) : null;
    const now = new Date();
    const admission = admit(license, now);
    if (admission.code !== 'allowed' || !license)
      throw new DebitLicenseRejectedError(admission.code === 'license_rejected' ? admission.reason : admission.code);
    const account = await this.accounts.forLicense(license, await this.clock.now(license.licenseId));
    if (!account) throw new DebitLicenseRejectedError('invalid');
    const result = await this.commands.execute(
      new DebitCredits(
        account,
        { requestId: usage.request_id, endpoint: usage.endpoint, usageKind: usage.usage_kind, credits: usage.credits, measures: usage.measures ?? null },
        now.toISOString(),
        requestMetadata(correlationIdOf(req), SYSTEM),
      ),
    );
    if (result.status === 'already_recorded') return { status: result.status, entry_id: result.entryId };
    return {
      status: result.status,
      entry_id: result.entryId,
      included_remaining: result.includedRemaining,
      add_on_remaining: result.addOnRemaining,
      total_remaining: result.includedRemaining + result.addOnRemaining,
    };
  }

  private authenticate(header: string | undefined): void {
    const expected = this.config.CREDITS_API_TOKEN;
    if (!expected) throw new DebitsNotConfiguredError();
    const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new DebitTokenInvalidError();
  }
}
