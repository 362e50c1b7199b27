import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../../platform/config/config.module';
import { ownEntry } from '../../platform/common/own-entry';
import type { AppConfig } from '../../platform/config/config.schema';
import { missing } from './emulator-answers';
import { EmulatorBilling } from './emulator-billing';
import { refuseCrossSite, setPageHeaders } from './emulator-pages';
import type { EmulatorAnswer, StripeObject } from './emulator-store';
import { EmulatorStore } from './emulator-store';
import { billingPortalPage, missingPortalPage } from './billing-portal.page';

const CHOICES: Record<string, (billing: EmulatorBilling, subscriptionId: string, em: EntityManager) => Promise<EmulatorAnswer>> = {
  'cancel-at-period-end': (billing, id, em) => billing.updateSubscription(id, { cancel_at_period_end: true }, em),
  keep: (billing, id, em) => billing.updateSubscription(id, { cancel_at_period_end: false }, em),
  'cancel-now': (billing, id, em) => billing.cancelSubscription(id, em),
};

/** The customer portal a billing_portal.session's url points at. */
@Controller('_stripe/billing')
export class BillingPortalController {
  constructor(
    private readonly store: EmulatorStore,
    private readonly billing: EmulatorBilling,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id')
  async show(@Param('id') id: string, @Res() res: Response): Promise<void> {
    setPageHeaders(res);
    const session = await this.store.get(id, 'billing_portal.session');
    if (!session) {
      res.status(404).type('html').send(missingPortalPage());
      return;
    }
    const customerId = String(session.customer);
    const [customer, subscriptions] = await Promise.all([this.store.get(customerId, 'customer'), this.store.find('subscription', { customer: customerId })]);
    res.type('html').send(
      billingPortalPage({
        session,
        customer,
        subscriptions,
        productNames: await this.productNames(subscriptions),
        action: (subscriptionId, choice) => `/_stripe/billing/${encodeURIComponent(id)}/subscriptions/${encodeURIComponent(subscriptionId)}/${choice}`,
      }),
    );
  }

  private async productNames(subscriptions: StripeObject[]): Promise<Map<string, string>> {
    const ids = new Set(
      subscriptions.flatMap((s) => (s.items as { data: Array<{ price: { product: unknown } }> }).data.map((item) => String(item.price.product))),
    );
    const names = new Map<string, string>();
    for (const id of ids) {
      const product = await this.store.get(id, 'product');
      if (typeof product?.name === 'string') names.set(id, product.name);
    }
    return names;
  }

  @Post(':id/subscriptions/:subscriptionId/:choice')
  async choose(
    @Param('id') id: string,
    @Param('subscriptionId') subscriptionId: string,
    @Param('choice') choice: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if (refuseCrossSite(req, res, this.config.PUBLIC_URL)) return;
    const change = ownEntry(CHOICES, choice);
    const session = await this.store.get(id, 'billing_portal.session');
    setPageHeaders(res);
    if (!change || !session) {
      res.status(404).type('html').send(missingPortalPage());
      return;
    }
    // A portal session acts only on its own customer's subscriptions.
    const answer = await this.billing.transact(async (em) => {
      const subscription = await this.store.get(subscriptionId, 'subscription', em);
      return subscription?.customer === session.customer ? change(this.billing, subscriptionId, em) : missing('subscription', subscriptionId);
    });
    if (answer.status === 404) {
      res.status(404).type('html').send(missingPortalPage());
      return;
    }
    res.redirect(303, `/_stripe/billing/${encodeURIComponent(id)}`);
  }
}
