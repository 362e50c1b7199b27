import { z } from 'zod';
import { sessionDiscountParams } from './discount-params';

export { stripeParamName } from './emulator-errors';

/** Stripe's form encoding arrives as strings (qs-decoded); these read it the way Stripe does. */
const int = z.coerce.number().int();
const metadata = z.record(z.string(), z.string()).optional();
const email = z.string().max(512).optional();
/** Stripe's booleans: the strings `true` and `false`. */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
/** On update, metadata merges: a key set to '' is removed, and metadata='' removes every key. */
const metadataUpdate = z.union([z.literal(''), z.record(z.string(), z.string())]).optional();

const addressLine = z.string().max(200).optional();
/** Stripe's address hash; a country is an ISO code (Stripe Tax reads it). */
export const addressParams = z
  .object({
    city: addressLine,
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((code) => code.toUpperCase())
      .optional(),
    line1: addressLine,
    line2: addressLine,
    postal_code: z.string().max(40).optional(),
    state: addressLine,
  })
  .strict();
const taxExempt = z.enum(['none', 'exempt', 'reverse']).optional();
const taxIdData = z.object({ type: z.string().min(1).max(40), value: z.string().min(1).max(100) }).strict();

export const customerParams = z
  .object({
    email,
    name: z.string().max(256).optional(),
    metadata,
    address: z.union([z.literal(''), addressParams]).optional(),
    tax_exempt: taxExempt,
    tax_id_data: z.array(taxIdData).max(25).optional(),
  })
  .strict();

/** POST /v1/customers/:id: what a customer's billing details can become ('' clears the address). */
export const customerUpdateParams = z
  .object({
    email: z.union([z.literal(''), z.string().max(512)]).optional(),
    name: z.union([z.literal(''), z.string().max(256)]).optional(),
    metadata: metadataUpdate,
    address: z.union([z.literal(''), addressParams]).optional(),
    tax_exempt: z.union([z.literal(''), z.enum(['none', 'exempt', 'reverse'])]).optional(),
  })
  .strict();

export const priceParams = z
  .object({
    currency: z.string().regex(/^[a-zA-Z]{3}$/),
    unit_amount: int.min(0),
    product: z.string().min(1),
    recurring: z
      .object({ interval: z.enum(['day', 'week', 'month', 'year']), interval_count: int.min(1).optional() })
      .strict()
      .optional(),
    lookup_key: z.string().max(200).optional(),
    transfer_lookup_key: flag.optional(),
    nickname: z.string().optional(),
    metadata,
  })
  .strict();

export const priceUpdateParams = z
  .object({
    active: flag.optional(),
    nickname: z.string().optional(),
    metadata: metadataUpdate,
    lookup_key: z.string().max(200).optional(),
    transfer_lookup_key: flag.optional(),
  })
  .strict();

export const checkoutSessionParams = z
  .object({
    mode: z.enum(['payment', 'subscription']),
    success_url: z.url(),
    cancel_url: z.url().optional(),
    customer: z.string().optional(),
    customer_email: email,
    client_reference_id: z.string().max(200).optional(),
    metadata,
    payment_intent_data: z.object({ metadata }).strict().optional(),
    subscription_data: z
      .object({ metadata, trial_period_days: int.min(1).max(730).optional() })
      .strict()
      .optional(),
    expires_at: int.optional(),
    automatic_tax: z
      .object({
        enabled: flag,
        liability: z
          .object({ type: z.enum(['account', 'self']), account: z.string().max(255).optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    billing_address_collection: z.enum(['auto', 'required']).optional(),
    tax_id_collection: z
      .object({ enabled: flag, required: z.enum(['if_supported', 'never']).optional() })
      .strict()
      .optional(),
    customer_update: z
      .object({ address: z.enum(['auto', 'never']).optional(), name: z.enum(['auto', 'never']).optional(), shipping: z.enum(['auto', 'never']).optional() })
      .strict()
      .optional(),
    line_items: z.array(z.object({ price: z.string().min(1), quantity: int.min(1).max(999_999) }).strict()).min(1),
    allow_promotion_codes: flag.optional(),
    discounts: sessionDiscountParams.optional(),
  })
  .strict();

const prorationBehavior = z.enum(['always_invoice', 'create_prorations', 'none']);
const subscriptionItemChange = z
  .object({ id: z.string().min(1).optional(), price: z.string().min(1).optional(), quantity: int.min(1).max(999_999).optional() })
  .strict();

export const subscriptionUpdateParams = z
  .object({
    cancel_at_period_end: flag.optional(),
    metadata: metadataUpdate,
    items: z.array(subscriptionItemChange).min(1).max(20).optional(),
    proration_behavior: prorationBehavior.optional(),
    proration_date: int.min(0).optional(),
    payment_behavior: z.enum(['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete']).optional(),
    automatic_tax: z.object({ enabled: flag }).strict().optional(),
    // The emulator ends a trial now; a new trial end (a timestamp) it does not offer.
    trial_end: z.literal('now').optional(),
  })
  .strict();

/** POST /v1/invoices/create_preview, for a change to a subscription. */
export const invoicePreviewParams = z
  .object({
    customer: z.string().min(1).optional(),
    subscription: z.string().min(1),
    subscription_details: z
      .object({
        items: z.array(subscriptionItemChange).min(1).max(20).optional(),
        proration_behavior: prorationBehavior.optional(),
        proration_date: int.min(0).optional(),
      })
      .strict(),
  })
  .strict();

export const refundParams = z
  .object({
    payment_intent: z.string().optional(),
    charge: z.string().optional(),
    amount: int.min(1).optional(),
    reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
    metadata,
  })
  .strict();

export const billingPortalSessionParams = z.object({ customer: z.string().min(1), return_url: z.url().optional(), locale: z.string().optional() }).strict();

/** Merges a metadata update into what an object has, as Stripe does. */
export function mergeMetadata(current: unknown, update: '' | Record<string, string> | undefined): Record<string, string> {
  if (update === undefined) return (current ?? {}) as Record<string, string>;
  if (update === '') return {};
  const merged = new Map(Object.entries((current ?? {}) as Record<string, string>));
  for (const [key, value] of Object.entries(update)) {
    if (value === '') merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

/**
 * A GET's query string as Stripe reads it (the api's own query parser is the flat one):
 * `lookup_keys[]=a`, `lookup_keys[0]=a` make arrays, `created[gte]=1` an object.
 */
export function readQuery(url: string): Record<string, unknown> {
  // Built in Maps, then made objects with own keys only: a parameter named __proto__ stays a parameter (one Stripe does not know).
  const query = new Map<string, string | string[] | Map<string, string>>();
  for (const [key, value] of new URL(url, 'http://emulator').searchParams) {
    const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (!nested) {
      query.set(key, value);
      continue;
    }
    const [, name, inner] = nested as unknown as [string, string, string];
    const current = query.get(name);
    if (inner === '' || /^\d+$/.test(inner)) {
      const list = Array.isArray(current) ? current : [];
      list.push(value);
      query.set(name, list);
    } else {
      const object = current instanceof Map ? current : new Map<string, string>();
      object.set(inner, value);
      query.set(name, object);
    }
  }
  return Object.fromEntries([...query].map(([key, value]) => [key, value instanceof Map ? Object.fromEntries(value) : value]));
}
