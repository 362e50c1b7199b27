import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { billingPortalSessionObject } from './billing-objects';
import { invalid, missing, ok, parse } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import {
  billingPortalSessionParams,
  checkoutSessionParams,
  customerParams,
  customerUpdateParams,
  invoicePreviewParams,
  mergeMetadata,
  priceParams,
  priceUpdateParams,
  refundParams,
  subscriptionUpdateParams,
} from './emulator-params';
import type { EmulatorPlanChanges } from './emulator-plan-change';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorUrls } from './emulator-urls';
import { addressObject, checkoutSessionObject, customerObject, nowSeconds, priceObject } from './stripe-objects';
import { EmulatorTaxIds } from './emulator-tax-ids';
import { endTrialNow } from './emulator-trials';
import type { TaxSettings } from './tax-settings';
import { buyerOf, keepItemTaxes, taxableAmounts, taxedSession } from './tax-application';
import { EmulatorDiscounts } from './emulator-discounts';
import { discountedSession } from './discount-sessions';

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 3600;

export type RetrievableObject =
  | 'customer'
  | 'product'
  | 'price'
  | 'checkout.session'
  | 'subscription'
  | 'invoice'
  | 'invoice_payment'
  | 'charge'
  | 'payment_intent'
  | 'dispute'
  | 'refund'
  | 'event'
  | 'tax_rate'
  | 'payment_method';

/** The subset of Stripe's REST API the site calls, with Stripe's rules and object shapes. */
export class EmulatorApi {
  constructor(
    private readonly store: EmulatorStore,
    private readonly billing: EmulatorBilling,
    private readonly urls: EmulatorUrls,
    private readonly planChanges: EmulatorPlanChanges,
  ) {
    this.taxIds = new EmulatorTaxIds(store);
    this.discounts = new EmulatorDiscounts(store);
  }

  readonly taxIds: EmulatorTaxIds;
  readonly discounts: EmulatorDiscounts;

  get taxSettings(): TaxSettings {
    return this.billing.tax.settings;
  }

  async createCustomer(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(customerParams, params);
    if ('answer' in parsed) return parsed.answer;
    const { tax_id_data: taxIdData = [], ...rest } = parsed.data;
    // Stripe checks every tax id before it makes the customer: one bad value makes nothing.
    for (const [index, data] of taxIdData.entries()) {
      const refused = this.taxIds.check(data, (field) => `tax_id_data[${index}][${field}]`);
      if (refused) return refused;
    }
    const customer = await this.store.put(customerObject(rest) as StripeObject, em);
    for (const data of taxIdData) await this.taxIds.make(customer.id, data, em);
    return ok(customer);
  }

  /** POST /v1/customers/:id: email, name, metadata, address and tax_exempt, as Stripe updates them. */
  async updateCustomer(id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(customerUpdateParams, params);
    if ('answer' in parsed) return parsed.answer;
    await this.store.lock(id, em);
    const customer = await this.store.get(id, 'customer', em);
    if (!customer) return missing('customer', id);
    const { email, name, metadata, address, tax_exempt: taxExempt } = parsed.data;
    const next: StripeObject = { ...customer, metadata: mergeMetadata(customer.metadata, metadata) };
    if (email !== undefined) next.email = email || null;
    if (name !== undefined) next.name = name || null;
    if (address !== undefined) next.address = addressObject(address);
    if (taxExempt !== undefined) next.tax_exempt = taxExempt || 'none';
    const previous = Object.fromEntries(
      Object.keys(next)
        .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(customer[key]))
        .map((key) => [key, customer[key]]),
    );
    if (Object.keys(previous).length === 0) return ok(customer);
    const updated = await this.store.put(next, em);
    return ok(updated, [await this.billing.customerUpdated(updated, previous, em)]);
  }

  async retrieve(object: RetrievableObject, id: string): Promise<EmulatorAnswer> {
    const found = await this.store.get(id, object);
    return found ? ok(publicView(found)) : missing(object, id);
  }

  async createPrice(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(priceParams, params);
    if ('answer' in parsed) return parsed.answer;
    const price = priceObject(parsed.data) as StripeObject;
    const taken = await this.claimLookupKey(price.id, parsed.data.lookup_key, parsed.data.transfer_lookup_key, em);
    if (taken) return taken;
    return ok(await this.store.put(price, em));
  }

  /** Stripe's price update: only these fields change once a price exists. */
  async updatePrice(id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(priceUpdateParams, params);
    if ('answer' in parsed) return parsed.answer;
    await this.store.lock(id, em);
    const price = await this.store.get(id, 'price', em);
    if (!price) return missing('price', id);
    const { active, nickname, metadata, lookup_key: lookupKey, transfer_lookup_key: transfer } = parsed.data;
    const taken = await this.claimLookupKey(id, lookupKey, transfer, em);
    if (taken) return taken;
    return ok(
      await this.store.put(
        {
          ...price,
          ...(active === undefined ? {} : { active }),
          ...(nickname === undefined ? {} : { nickname: nickname || null }),
          ...(lookupKey === undefined ? {} : { lookup_key: lookupKey || null }),
          metadata: mergeMetadata(price.metadata, metadata),
        },
        em,
      ),
    );
  }

  /**
   * A lookup key names one price: Stripe refuses a key another price holds unless
   * transfer_lookup_key moves it. Serialised per key, so two requests cannot both take it.
   */
  private async claimLookupKey(
    priceId: string,
    key: string | undefined,
    transfer: boolean | undefined,
    em: EntityManager,
  ): Promise<EmulatorAnswer | undefined> {
    if (!key) return undefined;
    await this.store.lock(`lookup_key:${key}`, em);
    for (const holder of await this.store.find('price', { lookup_key: key }, em)) {
      if (holder.id === priceId) continue;
      if (!transfer) return invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      await this.store.put({ ...holder, lookup_key: null }, em);
    }
    return undefined;
  }

  async createCheckoutSession(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(checkoutSessionParams, params);
    if ('answer' in parsed) return parsed.answer;
    const input = parsed.data;
    const now = nowSeconds();
    const expiresAt = input.expires_at ?? now + MAX_EXPIRY_S;
    if (expiresAt < now + MIN_EXPIRY_S || expiresAt > now + MAX_EXPIRY_S) {
      return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const customer = input.customer ? await this.store.get(input.customer, 'customer', em) : undefined;
    if (input.customer && !customer) return missing('customer', input.customer, 'customer');
    const refused = checkoutTaxRules(input, customer);
    if (refused) return refused;
    if (input.allow_promotion_codes !== undefined && input.discounts?.length)
      return invalid('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'allow_promotion_codes');
    const lines = [];
    for (const [index, item] of input.line_items.entries()) {
      const price = await this.store.get(item.price, 'price', em);
      if (!price) return missing('price', item.price, `line_items[${index}][price]`);
      const recurring = price.type === 'recurring';
      if (input.mode === 'payment' && recurring) {
        return invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          `line_items[${index}][price]`,
        );
      }
      if (input.mode === 'subscription' && !recurring) {
        return invalid('You must provide at least one recurring price in `subscription` mode when using prices.', `line_items[${index}][price]`);
      }
      lines.push({ price, quantity: item.quantity });
    }
    let session = checkoutSessionObject({ ...input, expires_at: expiresAt }, lines, this.urls.checkout) as StripeObject;
    const requested = input.discounts?.[0];
    if (requested) {
      const discounted = await discountedSession(this.store, session, requested, { customer, lines }, em);
      if ('answer' in discounted) return discounted.answer;
      session = discounted.session;
    }
    // A customer whose address Stripe knows is taxed at once; otherwise the hosted page asks for it.
    if (input.automatic_tax?.enabled) {
      const amounts = taxableAmounts(
        session,
        lines.map((line) => (line.price.unit_amount as number) * line.quantity),
      );
      session = taxedSession(session, await this.billing.tax.calculate(amounts, await buyerOf(customer, this.store, em), this.store, em));
      await keepItemTaxes(this.store, session, em);
    }
    // Kept beside the session (as Stripe keeps line items), for the hosted page and webhooks.
    const stored = await this.store.put(
      {
        ...session,
        line_items_emulator: lines.map((l) => ({ price: l.price.id, quantity: l.quantity })),
        payment_intent_data_emulator: input.payment_intent_data ?? null,
        subscription_data_emulator: input.subscription_data ?? null,
        customer_update_emulator: input.customer_update ?? null,
      } as unknown as StripeObject,
      em,
    );
    return ok(publicView(stored));
  }

  async expireCheckoutSession(id: string, em: EntityManager): Promise<EmulatorAnswer> {
    const session = await this.store.get(id, 'checkout.session', em);
    if (!session) return missing('checkout.session', id, 'session');
    if (session.status !== 'open')
      return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
    const expired = await this.store.put({ ...session, status: 'expired', url: null }, em);
    return ok(publicView(expired), [await this.billing.sessionExpired(expired, em)]);
  }
  async updateSubscription(id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(subscriptionUpdateParams, params);
    if ('answer' in parsed) return parsed.answer;
    const ended = parsed.data.trial_end === 'now' ? await endTrialNow({ store: this.store, billing: this.billing }, id, em) : undefined;
    if (ended && ended.status !== 200) return ended;
    const updated = await this.updateSubscriptionAfterTrial(id, parsed.data, em);
    return ended && updated.status === 200 ? ok(updated.body, [...(ended.events ?? []), ...(updated.events ?? [])]) : updated;
  }

  private async updateSubscriptionAfterTrial(id: string, data: z.output<typeof subscriptionUpdateParams>, em: EntityManager): Promise<EmulatorAnswer> {
    const { items, proration_behavior: _behavior, proration_date: _date, payment_behavior: _payment, trial_end: _trialEnd, ...rest } = data;
    if (!items) return this.billing.updateSubscription(id, rest, em);
    const changed = await this.planChanges.update(id, data, em);
    if (changed.status !== 200 || rest.cancel_at_period_end === undefined) return changed;
    const cancelling = await this.billing.updateSubscription(id, { cancel_at_period_end: rest.cancel_at_period_end }, em);
    return cancelling.status === 200 ? ok(cancelling.body, [...(changed.events ?? []), ...(cancelling.events ?? [])]) : cancelling;
  }

  async createInvoicePreview(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(invoicePreviewParams, params);
    if ('answer' in parsed) return parsed.answer;
    return this.planChanges.preview(parsed.data, em);
  }

  cancelSubscription(id: string, em: EntityManager): Promise<EmulatorAnswer> {
    return this.billing.cancelSubscription(id, em);
  }

  async createRefund(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(refundParams, params);
    if ('answer' in parsed) return parsed.answer;
    return this.billing.refund(parsed.data, em);
  }

  async createBillingPortalSession(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(billingPortalSessionParams, params);
    if ('answer' in parsed) return parsed.answer;
    if (!(await this.store.get(parsed.data.customer, 'customer', em))) return missing('customer', parsed.data.customer, 'customer');
    return ok(
      await this.store.put(
        billingPortalSessionObject({ customer: parsed.data.customer, returnUrl: parsed.data.return_url ?? null, url: this.urls.billingPortal }) as StripeObject,
        em,
      ),
    );
  }
}

/**
 * Stripe's rules for tax on a session with an existing customer: automatic tax needs the
 * customer's address or leave to save the one entered, and tax id collection leave to save the
 * business name; customer_update needs a customer.
 */
function checkoutTaxRules(input: z.output<typeof checkoutSessionParams>, customer: StripeObject | undefined): EmulatorAnswer | undefined {
  if (input.customer_update && !input.customer) return invalid('`customer_update` can only be used with `customer`.', 'customer_update');
  if (!customer) return undefined;
  const update = input.customer_update ?? {};
  const address = customer.address as { country?: string | null } | null;
  if (input.automatic_tax?.enabled && !address?.country && update.address !== 'auto' && update.shipping !== 'auto')
    return invalid(
      "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
      'automatic_tax[enabled]',
    );
  if (input.tax_id_collection?.enabled && update.name !== 'auto')
    return invalid(
      'tax_id_collection requires updating business name on the customer. To enable tax ID collection for an existing customer, please set `customer_update[name]` to `auto`.',
      'tax_id_collection[enabled]',
    );
  return undefined;
}

/** What Stripe would show of a stored object: without the emulator's own bookkeeping (keys ending `_emulator`). */
export function publicView(value: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.endsWith('_emulator'))) as StripeObject;
}
