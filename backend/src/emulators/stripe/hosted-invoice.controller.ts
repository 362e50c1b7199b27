import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EmulatorBilling } from './emulator-billing';
import { refuseCrossSite, setPageHeaders } from './emulator-pages';
import { EmulatorStore, type StripeObject } from './emulator-store';
import { hostedInvoicePage, missingInvoicePage } from './hosted-invoice.page';
import { keepHostedPageCard } from './test-cards';
import { EmulatorTestClocks } from './test-clocks';

/** The hosted invoice page an open invoice's hosted_invoice_url points at: pay it there. */
@Controller('_stripe/invoice')
export class HostedInvoiceController {
  constructor(
    private readonly store: EmulatorStore,
    private readonly billing: EmulatorBilling,
    private readonly clocks: EmulatorTestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id')
  async show(@Param('id') id: string, @Res() res: Response): Promise<void> {
    this.render(res, await this.store.get(id, 'invoice'));
  }

  @Post(':id/pay')
  async pay(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (refuseCrossSite(req, res, this.config.PUBLIC_URL)) return;
    const answer = await this.billing.transact(async (em) => {
      const invoice = await this.store.get(id, 'invoice', em);
      const paid = await this.clocks.atCustomerTime(String(invoice?.customer ?? ''), em, () => this.billing.payInvoice(id, em));
      if (paid.status === 200) await keepHostedPageCard(this.store, paid.body as StripeObject, em);
      return paid;
    });
    const error = (answer.body as { error?: { message: string } }).error;
    this.render(res, await this.store.get(id, 'invoice'), error ? error.message : 'Payment succeeded. Thank you.', answer.status === 200 ? 200 : 409);
  }

  private render(res: Response, invoice: StripeObject | undefined, notice?: string, status = 200): void {
    setPageHeaders(res);
    if (!invoice) {
      res.status(404).type('html').send(missingInvoicePage());
      return;
    }
    res
      .status(status)
      .type('html')
      .send(hostedInvoicePage(invoice, new URL('/dashboard?section=license', this.config.PUBLIC_URL).toString(), notice));
  }
}
