import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { publicView } from './emulator-api';
import { invalid, ok } from './emulator-answers';
import { ITEM_TAXES, sessionLineItems } from './emulator-sublists';
import { ITEM_DISCOUNTS, itemDiscountsId } from './discount-sessions';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { listObject } from './stripe-objects';

/** What an expandable field holds when expanded: a kind the emulator keeps, or one it never makes (the id stays). */
type Expansion = string | null;

/**
 * The fields Stripe lets `expand[]` replace, by object, as the SDK's types declare them
 * (`string | Customer`); a dotted key is a field inside an embedded hash.
 */
const EXPANDABLE: Record<string, Record<string, Expansion>> = {
  customer: { default_source: null, 'invoice_settings.default_payment_method': null, test_clock: 'test_helpers.test_clock', tax_ids: 'tax_ids' },
  tax_id: { customer: 'customer', 'owner.customer': 'customer' },
  // Included only on request, as on Stripe: the session's tax breakdown and a line item's taxes.
  item: { taxes: 'item_taxes', discounts: 'item_discounts' },
  coupon: { applies_to: 'coupon_applies_to' },
  promotion_code: { customer: 'customer', 'promotion.coupon': 'coupon' },
  discount: { customer: 'customer', promotion_code: 'promotion_code', 'source.coupon': 'coupon' },
  product: { default_price: 'price', tax_code: null },
  price: { product: 'product' },
  'checkout.session': {
    customer: 'customer',
    invoice: 'invoice',
    payment_intent: 'payment_intent',
    payment_link: null,
    setup_intent: null,
    subscription: 'subscription',
    line_items: 'line_items',
    'total_details.breakdown': 'tax_breakdown',
  },
  subscription: {
    application: null,
    customer: 'customer',
    default_payment_method: 'payment_method',
    default_source: null,
    latest_invoice: 'invoice',
    on_behalf_of: null,
    pending_setup_intent: null,
    discounts: 'discount_list',
    schedule: null,
    test_clock: 'test_helpers.test_clock',
  },
  invoice: {
    application: null,
    customer: 'customer',
    default_payment_method: null,
    default_source: null,
    latest_revision: 'invoice',
    discounts: 'discount_list',
    on_behalf_of: null,
    test_clock: 'test_helpers.test_clock',
    'parent.subscription_details.subscription': 'subscription',
  },
  line_item: { discounts: 'discount_list', subscription: 'subscription', 'parent.subscription_item_details.subscription': 'subscription' },
  payment_intent: {
    application: null,
    customer: 'customer',
    latest_charge: 'charge',
    on_behalf_of: null,
    payment_method: null,
    payment_record: null,
    review: null,
    source: null,
  },
  charge: {
    application: null,
    application_fee: null,
    balance_transaction: null,
    customer: 'customer',
    failure_balance_transaction: null,
    on_behalf_of: null,
    payment_intent: 'payment_intent',
    review: null,
    source_transfer: null,
    transfer: null,
  },
  refund: {
    balance_transaction: null,
    charge: 'charge',
    customer: 'customer',
    failure_balance_transaction: null,
    payment_intent: 'payment_intent',
    payment_method: null,
    source_transfer_reversal: null,
    transfer_reversal: null,
  },
  dispute: { charge: 'charge', payment_intent: 'payment_intent' },
  'billing_portal.session': { configuration: null },
};

const MAX_DEPTH = 4;
const expandParam = z.array(z.string().min(1).max(500)).max(50);

/** Takes `expand` out of a request's parameters: the rest is read by the endpoint, `expand` applied to its answer. */
export function takeExpand(params: unknown): { params: unknown; expand: string[] } | { answer: EmulatorAnswer } {
  if (typeof params !== 'object' || params === null || !Object.hasOwn(params, 'expand')) return { params, expand: [] };
  const { expand, ...rest } = params as Record<string, unknown>;
  const read = expandParam.safeParse(typeof expand === 'string' ? [expand] : expand);
  if (!read.success) return { answer: invalid('Invalid array', 'expand') };
  return { params: rest, expand: read.data };
}

/**
 * Stripe's `expand[]` on an answer: each path (up to four levels, `data.` first on a list) replaces
 * ids by their objects. A path through a field that cannot be expanded is a 400, as on Stripe.
 */
export async function expandAnswer(answer: EmulatorAnswer, paths: string[], store: EmulatorStore, em?: EntityManager): Promise<EmulatorAnswer> {
  if (paths.length === 0 || answer.status !== 200) return answer;
  const body = structuredClone(answer.body) as StripeObject;
  for (const path of paths) {
    const segments = path.split('.');
    const depth = body.object === 'list' && segments[0] === 'data' ? segments.length - 1 : segments.length;
    if (depth > MAX_DEPTH) return invalid(`You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`, 'expand');
    const refused = await expandPath(body, segments, { store, em, path });
    if (refused) return refused;
  }
  return ok(body, answer.events);
}

interface Context {
  store: EmulatorStore;
  em: EntityManager | undefined;
  path: string;
}

async function expandPath(value: Record<string, unknown>, segments: string[], context: Context): Promise<EmulatorAnswer | undefined> {
  if (segments.length === 0) return undefined;
  if (value.object === 'list' && segments[0] === 'data') {
    for (const item of value.data as Record<string, unknown>[]) {
      const refused = await expandPath(item, segments.slice(1), context);
      if (refused) return refused;
    }
    return undefined;
  }
  const fields = typeof value.object === 'string' ? EXPANDABLE[value.object] : undefined;
  for (let length = segments.length; length > 0; length -= 1) {
    const field = segments.slice(0, length).join('.');
    if (!fields || !Object.hasOwn(fields, field)) continue;
    const holder = holderOf(value, segments.slice(0, length - 1));
    const key = segments[length - 1]!;
    if (!holder) return undefined;
    holder[key] = await expanded(value, holder[key], fields[field]!, context);
    const next = holder[key];
    return typeof next === 'object' && next !== null ? expandPath(next as Record<string, unknown>, segments.slice(length), context) : undefined;
  }
  const embedded = Object.hasOwn(value, segments[0]!) ? value[segments[0]!] : undefined;
  if (segments.length > 1 && typeof embedded === 'object' && embedded !== null && 'object' in embedded) {
    return expandPath(embedded as Record<string, unknown>, segments.slice(1), context);
  }
  return invalid(`This property cannot be expanded (${context.path}).`, 'expand');
}

async function expanded(owner: Record<string, unknown>, current: unknown, kind: Expansion, context: Context): Promise<unknown> {
  if (kind === 'line_items') {
    const stored = await context.store.get(String(owner.id), 'checkout.session', context.em);
    const items = stored ? await sessionLineItems(context.store, stored, context.em) : [];
    return listObject(items, `/v1/checkout/sessions/${String(owner.id)}/line_items`);
  }
  if (kind === 'tax_breakdown') {
    const stored = await context.store.get(String(owner.id), 'checkout.session', context.em);
    return {
      discounts: (stored?.discount_breakdown_emulator as unknown[] | undefined) ?? [],
      taxes: (stored?.tax_breakdown_emulator as unknown[] | undefined) ?? [],
    };
  }
  if (kind === 'item_taxes') return (await context.store.get(String(owner.id), ITEM_TAXES, context.em))?.taxes ?? [];
  if (kind === 'item_discounts') return (await context.store.get(itemDiscountsId(String(owner.id)), ITEM_DISCOUNTS, context.em))?.discounts ?? [];
  if (kind === 'coupon_applies_to') {
    const stored = await context.store.get(String(owner.id), 'coupon', context.em);
    return (stored?.applies_to_emulator as object | null | undefined) ?? { products: [] };
  }
  if (kind === 'discount_list') {
    const discounts: unknown[] = [];
    for (const id of Array.isArray(current) ? (current as unknown[]) : []) {
      const found = typeof id === 'string' ? await context.store.get(id, 'discount', context.em) : undefined;
      discounts.push(found ? publicView(found) : id);
    }
    return discounts;
  }
  if (kind === 'tax_ids') {
    const ids = (await context.store.find('tax_id', { customer: String(owner.id) }, context.em)).reverse();
    return listObject(ids, `/v1/customers/${String(owner.id)}/tax_ids`);
  }
  if (kind === null || typeof current !== 'string') return current;
  const found = await context.store.get(current, kind, context.em);
  return found ? publicView(found) : current;
}

/** The hash that holds the last segment of a dotted field (`parent.subscription_details` for `…subscription`). */
function holderOf(value: Record<string, unknown>, path: string[]): Record<string, unknown> | undefined {
  let holder: unknown = value;
  for (const key of path) {
    if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, key)) return undefined;
    holder = (holder as Record<string, unknown>)[key];
  }
  return typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>) : undefined;
}
