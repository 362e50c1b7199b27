import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { publicView } from './emulator-api';
import { invalid, missing, ok, parse } from './emulator-answers';
import { cursorMissing, page } from './emulator-lists';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { listObject, template } from './stripe-objects';

const pageParams = z.object(page).strict();
const subscriptionItemsParams = z.object({ ...page, subscription: z.string().min(1) }).strict();

/** GET /v1/checkout/sessions/:id/line_items: the session's items as Stripe shows them. */
export async function listSessionLineItems(store: EmulatorStore, sessionId: string, params: unknown): Promise<EmulatorAnswer> {
  const parsed = parse(pageParams, params);
  if ('answer' in parsed) return parsed.answer;
  const session = await store.get(sessionId, 'checkout.session');
  if (!session) return missing('checkout.session', sessionId);
  return pageOf(await sessionLineItems(store, session), parsed.data, `/v1/checkout/sessions/${sessionId}/line_items`, 'line item');
}

/** GET /v1/invoices/:id/lines. */
export async function listInvoiceLines(store: EmulatorStore, invoiceId: string, params: unknown): Promise<EmulatorAnswer> {
  const parsed = parse(pageParams, params);
  if ('answer' in parsed) return parsed.answer;
  const invoice = await store.get(invoiceId, 'invoice');
  if (!invoice) return missing('invoice', invoiceId);
  return pageOf((invoice.lines as { data: StripeObject[] }).data, parsed.data, `/v1/invoices/${invoiceId}/lines`, 'line item');
}

/** GET /v1/subscription_items?subscription=…: a subscription's items. */
export async function listSubscriptionItems(store: EmulatorStore, params: unknown): Promise<EmulatorAnswer> {
  const parsed = parse(subscriptionItemsParams, params);
  if ('answer' in parsed) return parsed.answer;
  const { subscription: id, ...rest } = parsed.data;
  const subscription = await store.get(id, 'subscription');
  if (!subscription) return missing('subscription', id, 'subscription');
  return pageOf((subscription.items as { data: StripeObject[] }).data, rest, `/v1/subscription_items?subscription=${id}`, 'subscription_item');
}

/** Where a session line item's taxes are kept (by the item's id) for `expand[]=…taxes`. */
export const ITEM_TAXES = 'checkout.item_taxes';

/** A session line item's id: the same for the session every time it is listed. */
export const sessionItemId = (sessionId: string, index: number) =>
  `li_${createHash('sha256').update(`${sessionId}:${index}`).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

/** A session's line items (Stripe's `item` objects), with ids that stay the same for the session. */
export async function sessionLineItems(store: EmulatorStore, session: StripeObject, em?: EntityManager): Promise<StripeObject[]> {
  const stored = (session.line_items_emulator ?? []) as Array<{ price: string; quantity: number }>;
  const lineTaxes = (session.line_taxes_emulator ?? []) as Array<Array<{ amount: number }> | undefined>;
  const lineDiscounts = (session.line_discounts_emulator ?? []) as number[];
  const items: StripeObject[] = [];
  for (const [index, line] of stored.entries()) {
    const price = await store.get(line.price, 'price', em);
    if (!price) continue;
    const product = typeof price.product === 'string' ? await store.get(price.product, 'product', em) : undefined;
    const amount = (price.unit_amount as number) * line.quantity;
    const tax = (lineTaxes[index] ?? []).reduce((sum, one) => sum + one.amount, 0);
    const discount = lineDiscounts[index] ?? 0;
    items.push({
      ...template('item'),
      id: sessionItemId(session.id, index),
      object: 'item',
      adjustable_quantity: null,
      amount_discount: discount,
      amount_subtotal: amount,
      amount_tax: tax,
      amount_total: amount - discount + tax,
      currency: price.currency,
      description: String(product?.name ?? price.nickname ?? price.product),
      metadata: {},
      price: publicView(price),
      quantity: line.quantity,
    });
  }
  return items;
}

/** A page of a list the emulator holds inside another object, in its own order. */
function pageOf(items: StripeObject[], query: { limit?: number; starting_after?: string; ending_before?: string }, url: string, kind: string): EmulatorAnswer {
  const { limit = 10, starting_after: after, ending_before: before } = query;
  if (after && before) return invalid('You may only specify one of these parameters: starting_after, ending_before.');
  const cursor = after ?? before;
  const at = cursor === undefined ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && at < 0) return cursorMissing(kind, cursor, after ? 'starting_after' : 'ending_before');
  const window = before ? items.slice(Math.max(0, at - limit), at) : items.slice(at + 1, at + 1 + limit);
  const hasMore = before ? at - limit > 0 : at + 1 + limit < items.length;
  return ok(listObject(window, url, hasMore));
}
