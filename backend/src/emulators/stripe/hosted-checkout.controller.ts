import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { refuseCrossSite, setPageHeaders } from './emulator-pages';
import { HostedCheckout, type CheckoutOutcome } from './hosted-checkout';
import { hostedCheckoutPage, missingCheckoutPage } from './hosted-checkout.page';

const readForm = express.urlencoded({ extended: false, limit: '10kb', type: () => true });
const choiceSchema = z.enum(['pay', 'decline', 'pay-later', 'settle', 'fail-payment', 'cancel', 'address']);
// The page posts to itself and then sends the browser to the site's success or cancel URL.
const FORM_TARGETS = "'self' http: https:";

/** The hosted checkout page a session's `url` points at, while the emulator stands in for Stripe. */
@Controller('_stripe/checkout')
export class HostedCheckoutController {
  constructor(
    private readonly checkout: HostedCheckout,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id')
  async show(@Param('id') id: string, @Res() res: Response): Promise<void> {
    this.render(res, id, await this.checkout.view(id));
  }

  @Post(':id/:choice')
  async choose(@Param('id') id: string, @Param('choice') choice: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const parsed = choiceSchema.safeParse(choice);
    if (!parsed.success) {
      res.status(404).type('html').send(missingCheckoutPage());
      return;
    }
    if (refuseCrossSite(req, res, this.config.PUBLIC_URL)) return;
    const unreadable = await new Promise<boolean>((resolve) => readForm(req, res, (error?: unknown) => resolve(Boolean(error))));
    if (unreadable) {
      const view = await this.checkout.view(id, 'The form could not be read (too large or malformed).');
      this.render(res, id, view.kind === 'page' ? { ...view, status: 400 } : view);
      return;
    }
    if (parsed.data === 'cancel') {
      const view = await this.checkout.view(id);
      if (view.kind !== 'page') return this.render(res, id, view);
      res.redirect(303, this.checkout.cancelUrl(view.session) ?? (view.session.success_url as string));
      return;
    }
    const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const email = typeof form.email === 'string' ? form.email : undefined;
    this.render(res, id, await this.checkout.choose(id, parsed.data, email, form));
  }

  private render(res: Response, id: string, outcome: CheckoutOutcome): void {
    setPageHeaders(res, FORM_TARGETS);
    if (outcome.kind === 'missing') {
      res.status(404).type('html').send(missingCheckoutPage());
      return;
    }
    if (outcome.kind === 'redirect') {
      res.redirect(303, outcome.to);
      return;
    }
    res
      .status(outcome.status ?? 200)
      .type('html')
      .send(
        hostedCheckoutPage({
          session: outcome.session,
          lines: outcome.lines,
          email: outcome.email,
          notice: outcome.notice,
          action: (choice) => `/_stripe/checkout/${encodeURIComponent(id)}/${choice}`,
        }),
      );
  }
}
