import { All, Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import express, { type Request, type Response } from 'express';
import Stripe from 'stripe';
import { ownEntry } from '../../platform/common/own-entry';
import { findUnsafeString } from '../../server-fn/unsafe-strings';
import { EmulatorApi, type RetrievableObject } from './emulator-api';
import { answerWithKey } from './emulator-auth';
import { updateDispute } from './emulator-disputes';
import { expandAnswer, takeExpand } from './emulator-expand';
import { LISTS, listStored } from './emulator-lists';
import { listInvoiceLines, listSessionLineItems, listSubscriptionItems } from './emulator-sublists';
import type { EmulatorAnswer } from './emulator-store';
import { EmulatorStore } from './emulator-store';
import { EmulatorEvents } from './emulator-webhooks';
import { readQuery, stripeParamName } from './emulator-params';
import { stripeError } from './stripe-objects';
import { EmulatorTestClocks } from './test-clocks';
import { taxRegistrations, taxSettingsAnswer } from './tax-registrations';

/** Objects read with GET /v1/<resource>/<id>; the rest of their API is routed one by one above. */
const RETRIEVABLE: Record<string, RetrievableObject> = {
  products: 'product',
  subscriptions: 'subscription',
  invoices: 'invoice',
  invoice_payments: 'invoice_payment',
  charges: 'charge',
  payment_intents: 'payment_intent',
  disputes: 'dispute',
  refunds: 'refund',
  events: 'event',
  tax_rates: 'tax_rate',
  payment_methods: 'payment_method',
};

// Stripe's form encoding: nested keys in brackets (line_items[0][price]), decoded by qs.
const readForm = express.urlencoded({ extended: true, limit: '1mb', parameterLimit: 1000, type: () => true });

/**
 * The local Stripe emulator's REST API at /v1, reached by the real `stripe` SDK through its
 * host/port/protocol options. Mounted only when no Stripe secret key is configured.
 */
@Controller('v1')
export class EmulatorApiController {
  constructor(
    private readonly api: EmulatorApi,
    private readonly store: EmulatorStore,
    private readonly events: EmulatorEvents,
    private readonly clocks: EmulatorTestClocks,
  ) {}

  @Post('customers')
  createCustomer(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.clocks.createCustomer(params, em, (rest, tx) => this.api.createCustomer(rest, tx)));
  }

  @Post('test_helpers/test_clocks')
  createTestClock(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.clocks.create(params, em));
  }

  @Get('test_helpers/test_clocks')
  listTestClocks(@Req() req: Request, @Res() res: Response) {
    return this.read(req, res, () => this.clocks.list(readQuery(req.originalUrl)));
  }

  @Get('test_helpers/test_clocks/:id')
  getTestClock(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, () => this.clocks.retrieve(id));
  }

  @Delete('test_helpers/test_clocks/:id')
  deleteTestClock(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (_params, em) => this.clocks.remove(id, em));
  }

  /** Answers `advancing` once the advance is recorded; the renewals it passes happen after the answer, as on Stripe. */
  @Post('test_helpers/test_clocks/:id/advance')
  async advanceTestClock(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    await this.write(req, res, (params, em) => this.clocks.advance(id, params, em));
    void this.clocks.resume(id);
  }

  @Get('customers/:id')
  getCustomer(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.retrieve(req, res, 'customer', id);
  }

  @Post('customers/:id')
  updateCustomer(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.updateCustomer(id, params, em));
  }

  @Post('customers/:id/tax_ids')
  createCustomerTaxId(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.taxIds.createForCustomer(id, params, em));
  }

  @Get('customers/:id/tax_ids')
  listCustomerTaxIds(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, (params) => this.api.taxIds.listForCustomer(id, params));
  }

  @Get('customers/:id/tax_ids/:taxId')
  getCustomerTaxId(@Param('id') id: string, @Param('taxId') taxId: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, async (params) =>
      Object.keys(params).length ? unknownParameter(Object.keys(params)[0]!) : this.api.taxIds.retrieve(taxId, id),
    );
  }

  @Delete('customers/:id/tax_ids/:taxId')
  deleteCustomerTaxId(@Param('id') id: string, @Param('taxId') taxId: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (_params, em) => this.api.taxIds.remove(taxId, em, id));
  }

  @Post('tax_ids')
  createTaxId(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.taxIds.createTopLevel(params, em));
  }

  @Get('tax_ids')
  listTaxIds(@Req() req: Request, @Res() res: Response) {
    return this.read(req, res, (params) => this.api.taxIds.listTopLevel(params));
  }

  @Get('tax_ids/:id')
  getTaxId(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, async (params) => (Object.keys(params).length ? unknownParameter(Object.keys(params)[0]!) : this.api.taxIds.retrieve(id)));
  }

  @Delete('tax_ids/:id')
  deleteTaxId(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (_params, em) => this.api.taxIds.remove(id, em));
  }

  @Get('tax/registrations')
  listTaxRegistrations(@Req() req: Request, @Res() res: Response) {
    return this.read(req, res, async (params) => taxRegistrations(this.api.taxSettings, params));
  }

  @Get('tax/settings')
  getTaxSettings(@Req() req: Request, @Res() res: Response) {
    return this.read(req, res, async (params) =>
      Object.keys(params).length ? unknownParameter(Object.keys(params)[0]!) : taxSettingsAnswer(this.api.taxSettings),
    );
  }

  @Post('prices')
  createPrice(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.createPrice(params, em));
  }

  @Get('prices/:id')
  getPrice(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.retrieve(req, res, 'price', id);
  }

  @Post('prices/:id')
  updatePrice(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.updatePrice(id, params, em));
  }

  @Post('checkout/sessions')
  createCheckoutSession(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.createCheckoutSession(params, em));
  }

  @Get('checkout/sessions/:id')
  getCheckoutSession(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.retrieve(req, res, 'checkout.session', id);
  }

  @Post('checkout/sessions/:id/expire')
  expireCheckoutSession(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (_params, em) => this.api.expireCheckoutSession(id, em));
  }

  @Post('subscriptions/:id')
  updateSubscription(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.clocks.atSubscriptionTime(id, em, () => this.api.updateSubscription(id, params, em)));
  }

  // Stripe's cancel takes optional parameters (invoice_now, prorate, cancellation_details) the emulator has no use for.
  @Delete('subscriptions/:id')
  cancelSubscription(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (_params, em) => this.clocks.atSubscriptionTime(id, em, () => this.api.cancelSubscription(id, em)));
  }

  @Post('invoices/create_preview')
  createInvoicePreview(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) =>
      this.clocks.atSubscriptionTime(String((params as { subscription?: unknown }).subscription ?? ''), em, () => this.api.createInvoicePreview(params, em)),
    );
  }

  @Post('refunds')
  createRefund(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.createRefund(params, em));
  }

  @Post('disputes/:id')
  updateDispute(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => updateDispute(this.store, id, params, em));
  }

  @Post('billing_portal/sessions')
  createBillingPortalSession(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.createBillingPortalSession(params, em));
  }

  @Post('coupons')
  createCoupon(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.discounts.createCoupon(params, em));
  }

  @Get('coupons/:id')
  getCoupon(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, async (params) =>
      Object.keys(params).length ? unknownParameter(Object.keys(params)[0]!) : this.api.discounts.retrieveCoupon(id),
    );
  }

  @Post('coupons/:id')
  updateCoupon(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.discounts.updateCoupon(id, params, em));
  }

  @Delete('coupons/:id')
  deleteCoupon(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (_params, em) => this.api.discounts.deleteCoupon(id, em));
  }

  @Post('promotion_codes')
  createPromotionCode(@Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.discounts.createPromotionCode(params, em));
  }

  @Get('promotion_codes/:id')
  getPromotionCode(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, async (params) =>
      Object.keys(params).length ? unknownParameter(Object.keys(params)[0]!) : this.api.discounts.retrievePromotionCode(id),
    );
  }

  @Post('promotion_codes/:id')
  updatePromotionCode(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.write(req, res, (params, em) => this.api.discounts.updatePromotionCode(id, params, em));
  }

  @Get('checkout/sessions')
  listCheckoutSessions(@Req() req: Request, @Res() res: Response) {
    return this.read(req, res, (params) => listStored(this.store, 'checkout/sessions', LISTS['checkout/sessions']!, params));
  }

  @Get('checkout/sessions/:id/line_items')
  listSessionLineItems(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, (params) => listSessionLineItems(this.store, id, params));
  }

  @Get('invoices/:id/lines')
  listInvoiceLines(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.read(req, res, (params) => listInvoiceLines(this.store, id, params));
  }

  @Get('subscription_items')
  listSubscriptionItems(@Req() req: Request, @Res() res: Response) {
    return this.read(req, res, (params) => listSubscriptionItems(this.store, params));
  }

  @Get(':resource')
  listObjects(@Param('resource') resource: string, @Req() req: Request, @Res() res: Response) {
    const spec = ownEntry(LISTS, resource);
    if (!spec) return this.unknown(req, res);
    return this.read(req, res, (params) => listStored(this.store, resource, spec, params));
  }

  @Get(':resource/:id')
  getObject(@Param('resource') resource: string, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    const object = ownEntry(RETRIEVABLE, resource);
    if (!object) return this.unknown(req, res);
    return this.retrieve(req, res, object, id);
  }

  @All('{*path}')
  unknown(@Req() req: Request, @Res() res: Response): void {
    send(res, {
      status: 404,
      body: stripeError(
        `Unrecognized request URL (${req.method}: ${req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      ),
    });
  }

  /** A GET: its query read as Stripe reads it, `expand[]` applied to the answer. */
  private async read(req: Request, res: Response, run: (params: Record<string, unknown>) => Promise<EmulatorAnswer>): Promise<void> {
    if (!authorised(req, res)) return;
    const taken = takeExpand(readQuery(req.originalUrl));
    if ('answer' in taken) return send(res, taken.answer);
    send(res, await expandAnswer(await run(taken.params as Record<string, unknown>), taken.expand, this.store));
  }

  private retrieve(req: Request, res: Response, object: RetrievableObject, id: string): Promise<void> {
    return this.read(req, res, async (params) => {
      const [unknown] = Object.keys(params);
      return unknown === undefined ? this.api.retrieve(object, id) : unknownParameter(unknown);
    });
  }

  private async write(req: Request, res: Response, run: (params: unknown, em: EntityManager) => Promise<EmulatorAnswer>): Promise<void> {
    if (!authorised(req, res)) return;
    try {
      await new Promise<void>((resolve, reject) => readForm(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    } catch {
      send(res, { status: 400, body: stripeError('Invalid request body.') });
      return;
    }
    // The SDK sends a DELETE's parameters (expand[], …) in the query string.
    const body: unknown = req.method === 'DELETE' ? { ...readQuery(req.originalUrl), ...(req.body as object | undefined) } : (req.body ?? {});
    const unstorable = findUnsafeString(body);
    if (unstorable) {
      send(res, {
        status: 400,
        body: stripeError('Invalid string: parameters may not contain NUL characters or unpaired surrogates.', {
          param: stripeParamName(unstorable) || undefined,
        }),
      });
      return;
    }
    const taken = takeExpand(body);
    if ('answer' in taken) return send(res, taken.answer);
    const key = req.header('idempotency-key') ?? undefined;
    const answer = await this.store
      .idempotent(key, { method: req.method, path: req.path, params: body }, async (em) => {
        const done = await run(taken.params, em);
        const expanded = await expandAnswer(done, taken.expand, this.store, em);
        // A refused expansion refuses the request: the write is rolled back, as Stripe changes nothing on a 400.
        if (done.status === 200 && expanded.status !== 200) throw new RefusedExpansion(expanded);
        return expanded;
      })
      .catch((error: unknown) => {
        if (error instanceof RefusedExpansion) return { ...error.answer, replayed: false };
        throw error;
      });
    if (answer.replayed) res.setHeader('idempotent-replayed', 'true');
    if (key) res.setHeader('idempotency-key', key);
    send(res, answer);
    await this.events.deliver(answer.events ?? []);
  }
}

function authorised(req: Request, res: Response): boolean {
  const refused = answerWithKey(req.header('authorization'));
  if (refused) send(res, refused);
  return !refused;
}

class RefusedExpansion extends Error {
  constructor(readonly answer: EmulatorAnswer) {
    super('refused expansion');
  }
}

function unknownParameter(name: string): EmulatorAnswer {
  return { status: 400, body: stripeError(`Received unknown parameter: ${name}`, { param: name, code: 'parameter_unknown' }) };
}

function send(res: Response, answer: EmulatorAnswer): void {
  res.setHeader('request-id', `req_${Math.random().toString(36).slice(2, 16)}`);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('stripe-version', Stripe.API_VERSION);
  res.status(answer.status).json(answer.body);
}
