import { z } from 'zod';
import { publicView } from './emulator-api';
import { invalid, missing, ok, parse } from './emulator-answers';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { couponView } from './emulator-discounts';
import { listObject } from './stripe-objects';

const int = z.coerce.number().int();
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const id = z.string().min(1).optional();
const range = z.union([int, z.object({ gt: int.optional(), gte: int.optional(), lt: int.optional(), lte: int.optional() }).strict()]);
/** Stripe's page parameters, on every list. */
export const page = { limit: int.min(1).max(100).optional(), starting_after: id, ending_before: id };

type Query = { match: Record<string, unknown>; anyOf?: Record<string, unknown>[]; exclude?: Record<string, unknown>[] };
interface ListSpec<S extends z.ZodRawShape> {
  object: string;
  /** The list's own filters, beside the page parameters and `created` that every list of stored objects takes. */
  filters: S;
  query(filters: z.output<z.ZodObject<S>>): Query;
  /** How a stored object is shown, when not as kept (a coupon's `valid` is as of now). */
  view?: (stored: StripeObject) => StripeObject;
}
const list = <S extends z.ZodRawShape>(spec: ListSpec<S>): ListSpec<z.ZodRawShape> => spec as unknown as ListSpec<z.ZodRawShape>;
const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'paused', 'all', 'ended'] as const;

/** GET /v1/<resource> for every kind the emulator keeps, with the filters Stripe documents for each (the ones it can answer). */
export const LISTS: Record<string, ListSpec<z.ZodRawShape>> = {
  customers: list({ object: 'customer', filters: { email: z.string().optional() }, query: (f) => ({ match: defined(f) }) }),
  products: list({
    object: 'product',
    filters: { active: flag.optional(), ids: z.array(z.string()).max(100).optional() },
    query: ({ active, ids }) => ({ match: defined({ active }), ...(ids ? { anyOf: ids.map((one) => ({ id: one })) } : {}) }),
  }),
  prices: list({
    object: 'price',
    filters: {
      active: flag.optional(),
      lookup_keys: z.array(z.string()).max(10).optional(),
      product: z.string().optional(),
      type: z.enum(['one_time', 'recurring']).optional(),
      currency: z.string().optional(),
    },
    query: ({ lookup_keys: keys, currency, ...rest }) => ({
      match: defined({ ...rest, currency: currency?.toLowerCase() }),
      ...(keys ? { anyOf: keys.map((key) => ({ lookup_key: key })) } : {}),
    }),
  }),
  'checkout/sessions': list({
    object: 'checkout.session',
    filters: { customer: id, payment_intent: id, subscription: id, status: z.enum(['open', 'complete', 'expired']).optional() },
    query: (f) => ({ match: defined(f) }),
  }),
  subscriptions: list({
    object: 'subscription',
    filters: { customer: id, price: id, status: z.enum(SUBSCRIPTION_STATUSES).optional() },
    // Stripe lists the subscriptions that are not canceled unless a status is asked for.
    query: ({ customer, price, status }) => ({
      match: defined({ customer, ...(price ? { items: { data: [{ price: { id: price } }] } } : {}) }),
      ...(status === undefined ? { exclude: [{ status: 'canceled' }] } : {}),
      ...(status === 'ended' ? { anyOf: [{ status: 'canceled' }, { status: 'incomplete_expired' }] } : {}),
      ...(status && status !== 'all' && status !== 'ended' ? { anyOf: [{ status }] } : {}),
    }),
  }),
  invoices: list({
    object: 'invoice',
    filters: {
      customer: id,
      subscription: id,
      status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']).optional(),
      collection_method: z.enum(['charge_automatically', 'send_invoice']).optional(),
    },
    query: ({ subscription, ...rest }) => ({
      match: defined({ ...rest, ...(subscription ? { parent: { subscription_details: { subscription } } } : {}) }),
    }),
  }),
  invoice_payments: list({
    object: 'invoice_payment',
    filters: {
      invoice: id,
      status: z.enum(['canceled', 'open', 'paid']).optional(),
      payment: z
        .object({ type: z.enum(['payment_intent', 'payment_record']), payment_intent: id, payment_record: id })
        .strict()
        .optional(),
    },
    query: ({ payment, ...rest }) => ({ match: defined({ ...rest, payment: payment ? defined(payment) : undefined }) }),
  }),
  coupons: list({ object: 'coupon', filters: {}, query: () => ({ match: {}, exclude: [{ deleted_emulator: true }] }), view: (stored) => couponView(stored) }),
  promotion_codes: list({
    object: 'promotion_code',
    filters: { active: flag.optional(), code: z.string().optional(), coupon: id, customer: id },
    // Stripe matches the code whatever its case.
    query: ({ active, code, coupon, customer }) => ({
      match: defined({ active, customer, code_key_emulator: code?.toLowerCase(), promotion: coupon ? { coupon } : undefined }),
    }),
  }),
  payment_intents: list({ object: 'payment_intent', filters: { customer: id }, query: (f) => ({ match: defined(f) }) }),
  charges: list({ object: 'charge', filters: { customer: id, payment_intent: id }, query: (f) => ({ match: defined(f) }) }),
  refunds: list({ object: 'refund', filters: { charge: id, payment_intent: id }, query: (f) => ({ match: defined(f) }) }),
  disputes: list({ object: 'dispute', filters: { charge: id, payment_intent: id }, query: (f) => ({ match: defined(f) }) }),
  events: list({
    object: 'event',
    filters: { type: z.string().optional(), types: z.array(z.string()).max(20).optional() },
    query: ({ type, types }) => ({ match: defined({ type }), ...(types ? { anyOf: types.map((one) => ({ type: one })) } : {}) }),
  }),
};

const schemas = new Map(Object.entries(LISTS).map(([path, spec]) => [path, z.object({ ...spec.filters, ...page, created: range.optional() }).strict()]));

/**
 * A page of a stored kind, newest first. A cursor that names no object of the kind is Stripe's
 * resource_missing on that parameter, never the first page again.
 */
export async function listStored(store: EmulatorStore, path: string, spec: ListSpec<z.ZodRawShape>, params: unknown): Promise<EmulatorAnswer> {
  const parsed = parse(schemas.get(path)!, params);
  if ('answer' in parsed) return parsed.answer;
  const {
    limit = 10,
    starting_after: after,
    ending_before: before,
    created,
    ...filters
  } = parsed.data as z.output<z.ZodObject<typeof page>> & {
    created?: number | { gt?: number; gte?: number; lt?: number; lte?: number };
  };
  if (after && before) return invalid('You may only specify one of these parameters: starting_after, ending_before.');
  const found = await store.page(spec.object, {
    ...spec.query(filters),
    created: typeof created === 'number' ? { gte: created, lte: created } : created,
    limit,
    startingAfter: after,
    endingBefore: before,
  });
  if (!found) return cursorMissing(spec.object, (after ?? before)!, after ? 'starting_after' : 'ending_before');
  return ok(listObject(found.data.map(spec.view ?? publicView), `/v1/${path}`, found.hasMore));
}

export function cursorMissing(kind: string, id: string, param: string): EmulatorAnswer {
  return { ...missing(kind, id, param), status: 400 };
}
