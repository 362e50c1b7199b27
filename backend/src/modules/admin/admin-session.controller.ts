import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { PayloadDecoder } from '../../server-fn/payload-decoder';
import { ADMIN_COOKIE, adminCookieValue } from './admin-access';
import { timingSafeEqual } from 'node:crypto';

/** Signs an administrator in and out with the configured admin token (a plain form post). */
@Controller('admin/session')
export class AdminSessionController {
  private readonly decoder = new PayloadDecoder('4kb');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Post()
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { input } = await this.decoder.decode(req, res);
    const token = typeof (input as { token?: unknown }).token === 'string' ? (input as { token: string }).token : '';
    const expected = this.config.ADMIN_TOKEN;
    if (!expected || !sameText(token, expected)) {
      res.redirect(303, '/admin?signin=failed');
      return;
    }
    res.cookie(ADMIN_COOKIE, adminCookieValue(expected), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.PUBLIC_URL.startsWith('https:'),
      path: '/',
      maxAge: 12 * 3600 * 1000,
    });
    res.redirect(303, '/admin');
  }

  @Post('end')
  signOut(@Res() res: Response): void {
    res.clearCookie(ADMIN_COOKIE, { path: '/' });
    res.redirect(303, '/admin');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
