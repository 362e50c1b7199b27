import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { RateLimitedError, type AppError } from '../../platform/common/app-error';
import { rootLogger } from '../../platform/common/logger';
import { enforceRateLimitsInTurn } from '../../platform/common/rate-limit/rate-limited';
import { RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { PayloadDecoder } from '../../server-fn/payload-decoder';
import { CrossSiteRequestError, isSameOriginRequest } from '../../server-fn/same-origin';
import { readCookie } from '../../platform/common/http/cookies';
import { ADMIN_COOKIE } from './admin-access';
import { ADMIN_SIGN_IN_SECONDS, AdminSignIns } from './admin-sign-ins';
import { adminSignInLimits } from './admin-sign-in-limits';
import { timingSafeEqual } from 'node:crypto';

/** Signs an administrator in and out with the configured admin token (a plain form post to /admin/session, the form's path): a server-side sign-in each time. */
@Controller('admin/session')
export class AdminSignInController {
  private readonly decoder = new PayloadDecoder('4kb');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RedisRateLimiter,
    private readonly signIns: AdminSignIns,
  ) {}

  @Post()
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    const { input } = await this.decoder.decode(req, res);
    const token = typeof (input as { token?: unknown }).token === 'string' ? (input as { token: string }).token : '';
    const log = (req as Request & { log?: Logger }).log ?? rootLogger();
    try {
      await enforceRateLimitsInTurn(this.limiter, adminSignInLimits(req.ip), 'Too many admin sign-in attempts.');
    } catch (error) {
      // A 429 is counted and sampled by the rate limits' own log (rate-limit-refusals.ts): a flood writes no line each.
      if (!(error instanceof RateLimitedError)) log.warn({ ip: req.ip, code: (error as AppError).code }, 'admin sign-in refused');
      throw error;
    }
    const expected = this.config.ADMIN_TOKEN;
    if (!expected || !sameText(token, expected)) {
      log.warn({ ip: req.ip }, 'admin sign-in failed: wrong token');
      res.redirect(303, '/admin?signin=failed');
      return;
    }
    res.cookie(ADMIN_COOKIE, await this.signIns.start(), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.PUBLIC_URL.startsWith('https:'),
      path: '/',
      maxAge: ADMIN_SIGN_IN_SECONDS * 1000,
    });
    res.redirect(303, '/admin');
  }

  @Post('end')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    await this.signIns.end(readCookie(req.headers, ADMIN_COOKIE));
    res.clearCookie(ADMIN_COOKIE, { path: '/' });
    res.redirect(303, '/admin');
  }

  private refuseCrossSite(req: Request): void {
    if (!isSameOriginRequest(req, this.config.PUBLIC_URL)) throw new CrossSiteRequestError();
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
