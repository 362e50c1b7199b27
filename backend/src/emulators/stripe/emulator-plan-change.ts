import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { planOf } from './api-version-fields';
import { openInvoiceObject, paidInvoice } from './billing-objects';
import { invalid, missing, ok } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import { mergeMetadata, type invoicePreviewParams, type subscriptionUpdateParams } from './emulator-params';
import { intervalChangeLines, prorationLineObjects, prorationLines } from './emulator-proration';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorEvents } from './emulator-webhooks';
import type { EmulatorUrls } from './emulator-urls';
import { nowSeconds, periodEnd, stripeId } from './stripe-objects';
import { subscriptionAutomaticTax as automaticTaxOf } from './tax-application';
import { cardDeclined, declinesCharge } from './test-cards';

type ItemChange = NonNullable<z.output<typeof subscriptionUpdateParams>['items']>[number];
type Behavior = 'always_invoice' | 'create_prorations' | 'none';
interface Item {
  id: string;
  price: StripeObject;
  plan?: unknown;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}
interface Planned {
  subscription: StripeObject;
  item: Item;
  next: Item;
  at: number;
  lines: ReturnType<typeof prorationLines>;
}

const itemOf = (subscription: StripeObject) => (subscription.items as { data: Item[] }).data[0]!;

/**
 * Stripe's change of a subscription's price or quantity (POST /v1/subscriptions/:id with items),
 * and its preview (POST /v1/invoices/create_preview with subscription_details). With
 * proration_behavior=always_invoice the prorations are invoiced and charged at once, as Stripe
 * does for a customer with a card on file; `none` changes the price from the next renewal.
 * `create_prorations` (pending invoice items for the next invoice) is not emulated: it is
 * refused with a message, never half done. A trialing subscription changes too, as on Stripe: the
 * trial keeps its end and costs nothing, so no proration is invoiced; the new price bills from its end.
 */
export class EmulatorPlanChanges {
  constructor(
    private readonly store: EmulatorStore,
    private readonly billing: EmulatorBilling,
    private readonly events: EmulatorEvents,
    private readonly urls: EmulatorUrls,
  ) {}

  async preview(params: z.output<typeof invoicePreviewParams>, em: EntityManager): Promise<EmulatorAnswer> {
    const subscription = await this.store.get(params.subscription, 'subscription', em);
    if (!subscription) return missing('subscription', params.subscription, 'subscription');
    if (params.customer && params.customer !== subscription.customer) return invalid('The subscription does not belong to that customer.', 'customer');
    const details = params.subscription_details;
    if (details.proration_behavior === 'none' && details.proration_date !== undefined)
      return invalid(
        '`subscription_details.proration_date` cannot be set when `subscription_details.proration_behavior` is none.',
        'subscription_details[proration_date]',
      );
    const planned = await this.plan(subscription, details.items ?? [], details.proration_date, 'subscription_details[', em);
    if ('answer' in planned) return planned.answer;
    const customer = (await this.store.get(String(subscription.customer), 'customer', em)) ?? {
      id: String(subscription.customer),
      object: 'customer',
      email: null,
      name: null,
    };
    const id = `upcoming_${stripeId('in')}`;
    const lines = details.proration_behavior === 'none' ? [] : planned.lines;
    const invoice = await this.invoice(id, customer, planned, lines, 'draft', em);
    return ok({
      ...invoice,
      number: null,
      hosted_invoice_url: null,
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    });
  }

  /** The item part of a subscription update; metadata and cancellation are merged in the same change. */
  async update(subscriptionId: string, change: z.output<typeof subscriptionUpdateParams>, em: EntityManager): Promise<EmulatorAnswer> {
    await this.store.lock(subscriptionId, em);
    const stored = await this.store.get(subscriptionId, 'subscription', em);
    if (!stored) return missing('subscription', subscriptionId);
    if (stored.status !== 'active' && stored.status !== 'trialing') return invalid(`A subscription that is ${String(stored.status)} cannot change its items.`);
    // Automatic tax switched in the same request already applies to the change's proration invoice.
    const subscription: StripeObject = change.automatic_tax ? { ...stored, automatic_tax: automaticTaxOf(change.automatic_tax.enabled) } : stored;
    const behavior: Behavior = change.proration_behavior ?? 'create_prorations';
    if (behavior === 'create_prorations')
      return invalid('The Stripe emulator bills prorations at once or not at all: pass proration_behavior=always_invoice or none.', 'proration_behavior');
    const planned = await this.plan(subscription, change.items ?? [], change.proration_date, '', em);
    if ('answer' in planned) return planned.answer;
    const events: StripeObject[] = [];
    let latestInvoice = subscription.latest_invoice;
    let invoice: StripeObject | undefined;
    // A trial is free: nothing to prorate, so nothing is invoiced.
    if (behavior === 'always_invoice' && planned.lines.length > 0) {
      const { customer, number } = await this.billing.numberInvoice(String(subscription.customer), em);
      const open = await this.invoice(stripeId('in'), customer, planned, planned.lines, 'open', em, number);
      const due = open.amount_due as number;
      if (due > 0 && (await declinesCharge(this.store, subscription, em))) return cardDeclined();
      if (due > 0) await this.billing.chargeInvoice(open, 'Subscription update', em);
      // A net credit (a cheaper plan) goes to the customer's balance, and a balance pays what it can, as on Stripe.
      if (open.ending_balance !== open.starting_balance) {
        const fresh = await this.store.get(String(customer.id), 'customer', em);
        if (fresh) await this.store.put({ ...fresh, balance: open.ending_balance }, em);
      }
      invoice = await this.store.put(paidInvoice(open) as StripeObject, em);
      latestInvoice = invoice.id;
    }
    const items = subscription.items as { data: Item[] };
    const updated = await this.store.put(
      {
        ...planned.subscription,
        metadata: mergeMetadata(subscription.metadata, change.metadata),
        latest_invoice: latestInvoice,
        items: { ...items, data: [planned.next, ...items.data.slice(1)] },
      },
      em,
    );
    events.push(
      await this.events.emit('customer.subscription.updated', updated, em, {
        items: stored.items,
        metadata: stored.metadata,
        latest_invoice: stored.latest_invoice,
        ...(change.automatic_tax ? { automatic_tax: stored.automatic_tax } : {}),
      }),
    );
    if (invoice) events.push(await this.events.emit('invoice.paid', invoice, em));
    return ok(updated, events);
  }

  private async plan(
    subscription: StripeObject,
    changes: ItemChange[],
    prorationDate: number | undefined,
    prefix: string,
    em: EntityManager,
  ): Promise<Planned | { answer: EmulatorAnswer }> {
    const param = (name: string) => (prefix ? `${prefix}${name.replace('[', '][')}` : name);
    const item = itemOf(subscription);
    if (changes.length !== 1)
      return { answer: invalid("The Stripe emulator changes a subscription's one item: pass exactly one item with its id.", param('items')) };
    const change = changes[0]!;
    if (change.id !== item.id)
      return {
        answer: invalid(
          change.id ? `Invalid subscription_item id: ${change.id}` : 'The Stripe emulator replaces the price of the existing item: pass items[0][id].',
          param('items[0][id]'),
        ),
      };
    const price = change.price ? await this.store.get(change.price, 'price', em) : item.price;
    if (!price) return { answer: missing('price', change.price!, param('items[0][price]')) };
    if (price.active === false) return { answer: invalid('The price specified is inactive. This field only accepts active prices.', param('items[0][price]')) };
    if (price.type !== 'recurring')
      return { answer: invalid('The price specified is not recurring; a subscription item needs a recurring price.', param('items[0][price]')) };
    if (price.currency !== item.price.currency)
      return { answer: invalid('The price specified has a different currency from the subscription.', param('items[0][price]')) };
    const interval = (p: StripeObject) =>
      JSON.stringify([(p.recurring as { interval: string }).interval, (p.recurring as { interval_count: number }).interval_count]);
    const anchorResets = interval(price) !== interval(item.price);
    const at = prorationDate ?? nowSeconds();
    if (at < item.current_period_start || at > item.current_period_end)
      return { answer: invalid('The proration date must be within the current subscription period.', param('proration_date')) };
    const quantity = change.quantity ?? item.quantity;
    const name = async (p: StripeObject) => String((await this.store.get(String(p.product), 'product', em))?.name ?? p.nickname ?? p.product);
    const proration = {
      period: { start: item.current_period_start, end: item.current_period_end },
      at,
      from: { price: item.price, quantity: item.quantity, name: await name(item.price) },
      to: { price, quantity, name: await name(price) },
    };
    // During a trial the new price and seats apply from the trial's end: the trial period is free, and its end stays the anchor.
    if (subscription.status === 'trialing') return { subscription, item, next: { ...item, price, plan: planOf(price), quantity }, at, lines: [] };
    if (!anchorResets) return { subscription, item, next: { ...item, price, plan: planOf(price), quantity }, at, lines: prorationLines(proration) };
    // Another billing interval: Stripe resets the billing cycle anchor to the change and starts a new period.
    const newPeriodEnd = periodEnd(at, price);
    return {
      subscription: { ...subscription, billing_cycle_anchor: at },
      item,
      next: { ...item, price, plan: planOf(price), quantity, current_period_start: at, current_period_end: newPeriodEnd },
      at,
      lines: intervalChangeLines({ ...proration, newPeriodEnd }),
    };
  }

  private async invoice(
    id: string,
    customer: StripeObject,
    planned: Planned,
    lines: ReturnType<typeof prorationLines>,
    status: 'draft' | 'open',
    em: EntityManager,
    number = '',
  ): Promise<StripeObject> {
    const period = { start: planned.at, end: planned.next.current_period_end };
    const base = openInvoiceObject({
      customer,
      subscription: planned.subscription,
      price: planned.next.price,
      quantity: planned.next.quantity,
      period,
      billingReason: 'subscription_update',
      number,
      hostedUrl: this.urls.invoice,
    }) as StripeObject;
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const balance = Math.min(0, Number(customer.balance ?? 0));
    const due = Math.max(0, total + balance);
    const untaxed: StripeObject = {
      ...base,
      id,
      status,
      lines: { object: 'list', data: prorationLineObjects(lines, id, planned.subscription, planned.item.id), has_more: false, url: `/v1/invoices/${id}/lines` },
      period_start: planned.at,
      period_end: planned.at,
      subtotal: total,
      subtotal_excluding_tax: total,
      total,
      total_excluding_tax: total,
      starting_balance: balance,
      ending_balance: Math.min(0, total + balance),
      amount_due: due,
      amount_remaining: due,
    };
    return this.billing.taxed(untaxed, planned.subscription, em);
  }
}
