import { randomBytes } from 'node:crypto';
import { cancellationDetails, planOf, toCurrentApi } from './api-version-fields';
import { nowSeconds } from './emulator-time';
import fixtures from './stripe-fixtures.json';

export { stripeError } from './emulator-errors';

/**
 * Stripe's own example objects (stripe/openapi fixtures3.json, MIT), the template of every object
 * the emulator makes: the same fields as real Stripe, with this emulator's values over them.
 */
export type Fixture = Record<string, unknown>;
export const template = (name: keyof typeof fixtures.resources): Fixture => toCurrentApi(name, structuredClone(fixtures.resources[name]) as Fixture);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Stripe shapes them: a prefix and random base62 (`cus_…`, `cs_test_…`). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

// A test clock's frozen time while its objects change (emulator-time.ts).
export { nowSeconds };

export interface Address {
  city?: string | null;
  country?: string | null;
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  state?: string | null;
}

export interface CustomerParams {
  email?: string;
  name?: string;
  metadata?: Record<string, string>;
  address?: Address | '';
  tax_exempt?: 'none' | 'exempt' | 'reverse';
}

/** An address as Stripe shows one: every field, null where not given. */
export function addressObject(address: Address | '' | undefined | null): Fixture | null {
  if (!address) return null;
  return {
    city: address.city ?? null,
    country: address.country ?? null,
    line1: address.line1 ?? null,
    line2: address.line2 ?? null,
    postal_code: address.postal_code ?? null,
    state: address.state ?? null,
  };
}

export function customerObject(params: CustomerParams): Fixture {
  return {
    ...template('customer'),
    id: stripeId('cus', 14),
    created: nowSeconds(),
    email: params.email ?? null,
    name: params.name ?? null,
    metadata: params.metadata ?? {},
    address: addressObject(params.address),
    tax_exempt: params.tax_exempt ?? 'none',
    discount: null,
    currency: null,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase().slice(0, 7),
  };
}

export interface PriceParams {
  currency: string;
  unit_amount: number;
  product: string;
  recurring?: { interval: 'day' | 'week' | 'month' | 'year'; interval_count?: number };
  lookup_key?: string;
  nickname?: string;
  metadata?: Record<string, string>;
}

export function priceObject(params: PriceParams): Fixture {
  return {
    ...template('price'),
    id: stripeId('price'),
    created: nowSeconds(),
    currency: params.currency.toLowerCase(),
    unit_amount: params.unit_amount,
    unit_amount_decimal: String(params.unit_amount),
    product: params.product,
    type: params.recurring ? 'recurring' : 'one_time',
    recurring: params.recurring
      ? {
          interval: params.recurring.interval,
          interval_count: params.recurring.interval_count ?? 1,
          meter: null,
          usage_type: 'licensed',
          trial_period_days: null,
        }
      : null,
    lookup_key: params.lookup_key ?? null,
    nickname: params.nickname ?? null,
    metadata: params.metadata ?? {},
    custom_unit_amount: null,
    transform_quantity: null,
  };
}

export function productObject(params: { name: string; description?: string | null; metadata?: Record<string, string> }): Fixture {
  const now = nowSeconds();
  return {
    ...template('product'),
    id: stripeId('prod', 14),
    created: now,
    updated: now,
    name: params.name,
    description: params.description ?? null,
    metadata: params.metadata ?? {},
    default_price: null,
    package_dimensions: null,
    type: 'service',
  };
}

/** Stripe's list envelope. */
export function listObject(data: unknown[], url: string, hasMore = false) {
  return { object: 'list', data, has_more: hasMore, url };
}

export interface SessionLine {
  price: Fixture;
  quantity: number;
}

export interface CheckoutSessionParams {
  mode: 'payment' | 'subscription';
  success_url: string;
  cancel_url?: string;
  customer?: string;
  customer_email?: string;
  client_reference_id?: string;
  metadata?: Record<string, string>;
  expires_at: number;
  automatic_tax?: { enabled: boolean };
  billing_address_collection?: 'auto' | 'required';
  tax_id_collection?: { enabled: boolean; required?: 'if_supported' | 'never' };
  allow_promotion_codes?: boolean;
}

export function checkoutSessionObject(params: CheckoutSessionParams, lines: SessionLine[], hostedUrl: (id: string) => string): Fixture {
  const id = stripeId('cs_test', 58);
  const subtotal = lines.reduce((sum, line) => sum + (line.price.unit_amount as number) * line.quantity, 0);
  const session = template('checkout.session');
  return {
    ...session,
    id,
    created: nowSeconds(),
    expires_at: params.expires_at,
    mode: params.mode,
    status: 'open',
    payment_status: 'unpaid',
    success_url: params.success_url,
    cancel_url: params.cancel_url ?? null,
    customer: params.customer ?? null,
    customer_email: params.customer_email ?? null,
    customer_details: null,
    client_reference_id: params.client_reference_id ?? null,
    metadata: params.metadata ?? {},
    allow_promotion_codes: params.allow_promotion_codes ?? null,
    currency: (lines[0]?.price.currency as string | undefined) ?? null,
    amount_subtotal: subtotal,
    amount_total: subtotal,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    payment_intent: null,
    subscription: null,
    invoice: null,
    url: hostedUrl(id),
    after_expiration: null,
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    currency_conversion: null,
    collected_information: null,
    payment_method_configuration_details: null,
    invoice_creation: params.mode === 'payment' ? { ...(session.invoice_creation as Fixture), enabled: false } : null,
    automatic_tax: params.automatic_tax?.enabled
      ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' }
      : { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: params.billing_address_collection ?? null,
    tax_id_collection: { enabled: params.tax_id_collection?.enabled ?? false, required: params.tax_id_collection?.required ?? 'never' },
  };
}

export function paymentIntentObject(params: {
  amount: number;
  currency: string;
  customer: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  metadata: Record<string, string>;
}): Fixture {
  return {
    ...template('payment_intent'),
    id: stripeId('pi'),
    created: nowSeconds(),
    amount: params.amount,
    amount_received: params.status === 'succeeded' ? params.amount : 0,
    currency: params.currency,
    customer: params.customer,
    status: params.status,
    metadata: params.metadata,
    canceled_at: null,
    client_secret: null,
    last_payment_error: null,
    latest_charge: null,
    next_action: null,
    payment_method: null,
    description: null,
  };
}

const PERIOD_SECONDS: Record<string, number> = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400 };

/** `start` plus whole years, on the same day and time (29 February → 28 February), as Stripe bills yearly prices. */
function plusYears(start: number, years: number): number {
  const at = new Date(start * 1000);
  const year = at.getUTCFullYear() + years;
  const lastDay = new Date(Date.UTC(year, at.getUTCMonth() + 1, 0)).getUTCDate();
  const end = Date.UTC(year, at.getUTCMonth(), Math.min(at.getUTCDate(), lastDay), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds());
  return Math.floor(end / 1000);
}

/** When a billing period that starts at `start` ends, for a recurring price (months as 30 days, years as calendar years). */
export function periodEnd(start: number, price: Fixture): number {
  const recurring = price.recurring as { interval: string; interval_count: number };
  if (recurring.interval === 'year') return plusYears(start, recurring.interval_count);
  return start + PERIOD_SECONDS[recurring.interval]! * recurring.interval_count;
}

export function subscriptionObject(params: {
  customer: string;
  price: Fixture;
  quantity: number;
  metadata: Record<string, string>;
  automaticTax?: boolean;
  /** The ids of the discounts it carries (the one redeemed at checkout). */
  discounts?: string[];
}): Fixture {
  const now = nowSeconds();
  const end = periodEnd(now, params.price);
  const id = stripeId('sub');
  const base = template('subscription');
  const items = base.items as { data: Fixture[] } & Fixture;
  return {
    ...base,
    id,
    created: now,
    start_date: now,
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_schedules: [],
    customer: params.customer,
    currency: params.price.currency,
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    latest_invoice: null,
    metadata: params.metadata,
    discounts: params.discounts ?? [],
    trial_start: null,
    trial_end: null,
    pending_update: null,
    pause_collection: null,
    next_pending_invoice_item_invoice: null,
    cancellation_details: cancellationDetails(null),
    // Without automatic tax the fixture's hash stands (liability `account`), as the emulator always answered.
    ...(params.automaticTax ? { automatic_tax: { enabled: true, liability: { type: 'self' }, disabled_reason: null } } : {}),
    items: {
      ...items,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          ...items.data[0],
          id: stripeId('si', 14),
          created: now,
          current_period_start: now,
          current_period_end: end,
          price: params.price,
          plan: planOf(params.price),
          current_trial: null,
          quantity: params.quantity,
          subscription: id,
          billing_thresholds: null,
        },
      ],
    },
  };
}

/** What Checkout collected of the buyer, as the session shows it. */
export interface CollectedDetails {
  address: Fixture | null;
  name: string | null;
  businessName: string | null;
  taxIds: Array<{ type: string; value: string }>;
  taxExempt?: string;
}

export function customerDetails(email: string | null, collected?: CollectedDetails): Fixture {
  return {
    address: collected?.address ?? null,
    email,
    name: collected?.businessName ?? collected?.name ?? null,
    phone: null,
    tax_exempt: collected?.taxExempt ?? 'none',
    tax_ids: collected?.taxIds ?? [],
    business_name: collected?.businessName ?? null,
    individual_name: collected?.businessName ? (collected.name ?? null) : null,
  };
}
