import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { ownEntry } from '../../platform/common/own-entry';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EmulatorBilling } from './emulator-billing';
import { refuseCrossSite, setPageHeaders, when } from './emulator-pages';
import { EmulatorStore, type EmulatorAnswer, type StripeObject } from './emulator-store';
import { devTriggersPage } from './dev-triggers.page';
import { stripeError } from './stripe-objects';
import { type ClockDeps, passPeriod, passToRetry } from './dev-clock-triggers';
import { clockOf, EmulatorTestClocks } from './test-clocks';

const RECENT = 20;

type Trigger = (billing: EmulatorBilling, id: string, em: EntityManager) => Promise<EmulatorAnswer>;
/** A trigger that lets the customer's test clock run (dev-clock-triggers.ts), outside any one transaction. */
type ClockTrigger = (deps: ClockDeps, id: string) => Promise<EmulatorAnswer>;
type Described = { key: string; done: (object: StripeObject) => string } & ({ run: Trigger } | { clock: ClockTrigger });
/** What each trigger does, and how its result is named in the JSON answer and told on the page. */
const TRIGGERS: Record<string, Record<string, Described>> = {
  subscriptions: {
    renew: {
      clock: (deps, id) => passPeriod(deps, id, false),
      key: 'subscription',
      done: (s) =>
        s.status === 'canceled'
          ? `${s.id} reached its period end and was canceled.`
          : `${s.id} renewed: invoice ${String(s.latest_invoice)} paid, period ends ${when((s.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end)}.`,
    },
    'fail-renewal': {
      clock: (deps, id) => passPeriod(deps, id, true),
      key: 'subscription',
      done: (s) => `${s.id} is past_due: invoice ${String(s.latest_invoice)} is open.`,
    },
    'retry-payment': {
      clock: (deps, id) => passToRetry(deps, id),
      key: 'subscription',
      done: (s) => (s.status === 'past_due' ? `${s.id} is still past_due: the retry was declined.` : `${s.id} is ${String(s.status)}.`),
    },
    cancel: { run: (billing, id, em) => billing.cancelSubscription(id, em), key: 'subscription', done: (s) => `${s.id} canceled.` },
  },
  charges: {
    refund: { run: (billing, id, em) => billing.refund({ charge: id }, em), key: 'refund', done: (r) => `${String(r.charge)} refunded in full (${r.id}).` },
    dispute: { run: (billing, id, em) => billing.dispute(id, em), key: 'dispute', done: (d) => `${String(d.charge)} disputed (${d.id}, needs a response).` },
  },
};

/**
 * The dev trigger page at /_stripe/dev (only with the emulator): renewals, failed renewals,
 * cancellations, refunds and disputes on demand, each with the webhooks Stripe sends.
 */
@Controller('_stripe/dev')
export class DevTriggersController {
  constructor(
    private readonly store: EmulatorStore,
    private readonly billing: EmulatorBilling,
    private readonly clocks: EmulatorTestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async show(@Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    const [subscriptions, charges] = await Promise.all([
      this.store.find('subscription', {}, undefined, RECENT),
      this.store.find('charge', { paid: true }, undefined, RECENT),
    ]);
    const clocks = new Map<string, number>();
    for (const customer of new Set(subscriptions.map((s) => String(s.customer)))) {
      const clock = await clockOf(this.store, customer);
      if (clock) clocks.set(customer, clock.time);
    }
    setPageHeaders(res);
    res.type('html').send(devTriggersPage({ subscriptions, charges, clocks, notice: typeof notice === 'string' ? notice.slice(0, 300) : undefined }));
  }

  @Post(':kind/:id/:action')
  async trigger(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Param('action') action: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if (refuseCrossSite(req, res, this.config.PUBLIC_URL)) return;
    const wantsJson = (req.header('accept') ?? '').includes('application/json');
    const inKind = ownEntry(TRIGGERS, kind);
    const trigger = inKind && ownEntry(inKind, action);
    const answer: EmulatorAnswer = !trigger
      ? { status: 404, body: stripeError(`No such trigger: ${kind}/${action}`) }
      : 'clock' in trigger
        ? await trigger.clock({ store: this.store, billing: this.billing, clocks: this.clocks }, id)
        : await this.billing.transact((em) => this.clocks.atSubscriptionTime(id, em, () => trigger.run(this.billing, id, em)));
    const error = (answer.body as { error?: { message: string; code?: string } }).error;
    if (wantsJson) {
      res.setHeader('cache-control', 'no-store');
      res
        .status(answer.status)
        .json(error ? { ok: false, error } : { ok: true, [trigger!.key]: answer.body, ...(await this.related(answer.body as StripeObject)) });
      return;
    }
    const notice = error ? error.message : trigger!.done(answer.body as StripeObject);
    res.redirect(303, `/_stripe/dev?${new URLSearchParams({ notice }).toString()}`);
  }

  /** What a JSON caller will want next to the changed object: the invoice a renewal made, the refunded charge. */
  private async related(object: StripeObject): Promise<Record<string, StripeObject | undefined>> {
    if (object.object === 'subscription' && object.latest_invoice) return { invoice: await this.store.get(String(object.latest_invoice), 'invoice') };
    if (object.object === 'refund' || object.object === 'dispute') return { charge: await this.store.get(String(object.charge), 'charge') };
    return {};
  }
}
