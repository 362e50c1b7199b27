import { cancellationDetails } from './api-version-fields';
import { nowSeconds, stripeId, template, type Fixture } from './stripe-objects';

/** Stripe's objects for money that moved: charges, invoices, refunds, disputes, portal sessions. */

const DAY_S = 86_400;

export function chargeObject(params: {
  amount: number;
  currency: string;
  customer: string | null;
  paymentIntent: string;
  description: string | null;
  metadata: Record<string, string>;
  email: string | null;
}): Fixture {
  const base = template('charge');
  const id = stripeId('ch');
  const card = (base.payment_method_details as { card: Fixture }).card;
  return {
    ...base,
    id,
    created: nowSeconds(),
    amount: params.amount,
    amount_captured: params.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    balance_transaction: stripeId('txn'),
    billing_details: { ...(base.billing_details as Fixture), email: params.email, name: null },
    calculated_statement_descriptor: 'SYSTEMSCULPT',
    captured: true,
    currency: params.currency,
    customer: params.customer,
    description: params.description,
    disputed: false,
    metadata: params.metadata,
    outcome: { ...(base.outcome as Fixture), network_status: 'approved_by_network', seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: params.paymentIntent,
    payment_method: stripeId('pm'),
    payment_method_details: {
      card: { ...card, amount_authorized: params.amount, overcapture: { maximum_amount_capturable: params.amount, status: 'unavailable' }, wallet: null },
      type: 'card',
    },
    receipt_email: params.email,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    shipping: null,
    source: null,
    status: 'succeeded',
    transfer_data: null,
  };
}

export function refundObject(params: { amount: number; charge: Fixture; reason: string | null; metadata: Record<string, string> }): Fixture {
  return {
    ...template('refund'),
    id: stripeId('re'),
    created: nowSeconds(),
    amount: params.amount,
    balance_transaction: stripeId('txn'),
    charge: params.charge.id,
    currency: params.charge.currency,
    customer: params.charge.customer,
    metadata: params.metadata,
    payment_intent: params.charge.payment_intent,
    payment_method: params.charge.payment_method,
    reason: params.reason,
    status: 'succeeded',
  };
}

/**
 * Stripe's record of a payment toward an invoice (API 2025-03-31 and later: charges and payment
 * intents no longer name their invoice; GET /v1/invoice_payments finds it by payment intent).
 */
export function invoicePaymentObject(params: { invoice: Fixture; paymentIntent: string; amount: number }): Fixture {
  const now = nowSeconds();
  return {
    id: stripeId('inpay'),
    object: 'invoice_payment',
    amount_paid: params.amount,
    amount_requested: params.amount,
    created: now,
    currency: params.invoice.currency,
    invoice: params.invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: params.paymentIntent },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: now },
  };
}

export function disputeObject(charge: Fixture): Fixture {
  const base = template('dispute');
  return {
    ...base,
    id: stripeId('dp'),
    created: nowSeconds(),
    amount: (charge.amount as number) - (charge.amount_refunded as number),
    charge: charge.id,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence_details: { ...(base.evidence_details as Fixture), due_by: nowSeconds() + 7 * DAY_S, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    payment_intent: charge.payment_intent,
    payment_method_details: { card: { brand: 'visa', case_type: 'chargeback', network: 'visa', network_reason_code: '10.4' }, type: 'card' },
    reason: 'fraudulent',
    status: 'needs_response',
  };
}

export interface InvoiceParams {
  customer: Fixture;
  subscription: Fixture;
  price: Fixture;
  quantity: number;
  /** The subscription period the invoice bills for. */
  period: { start: number; end: number };
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  number: string;
  hostedUrl: (invoiceId: string) => string;
  /** The price's product name, which Stripe's line description shows. */
  productName?: string;
}

/** A finalised subscription invoice, open (to be paid); `paidInvoice` marks one paid. */
export function openInvoiceObject(params: InvoiceParams): Fixture {
  const base = template('invoice');
  const id = stripeId('in');
  const now = nowSeconds();
  const amount = (params.price.unit_amount as number) * params.quantity;
  const currency = params.price.currency;
  const metadata = (params.subscription.metadata ?? {}) as Record<string, string>;
  const item = (params.subscription.items as { data: Fixture[] }).data[0]!;
  const line = {
    ...template('line_item'),
    id: stripeId('il'),
    amount,
    currency,
    description: `${params.quantity} × ${params.productName ?? String(params.price.nickname ?? params.price.product)}`,
    invoice: id,
    metadata,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: params.subscription.id,
        subscription_item: item.id,
      },
    },
    period: params.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: params.price.id, product: params.price.product },
      unit_amount_decimal: params.price.unit_amount_decimal,
    },
    quantity: params.quantity,
    subscription: params.subscription.id,
    subtotal: amount,
    taxes: [],
  };
  // Stripe's invoice period is the usage period before it: for the first invoice, just its creation.
  const usage =
    params.billingReason === 'subscription_create' ? { start: now, end: now } : { start: item.current_period_start as number, end: params.period.start };
  return {
    ...base,
    id,
    created: now,
    account_name: 'SystemSculpt (local Stripe emulator)',
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: params.billingReason,
    currency,
    customer: params.customer.id,
    customer_address: null,
    customer_email: params.customer.email,
    customer_name: params.customer.name,
    customer_shipping: null,
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    from_invoice: null,
    hosted_invoice_url: params.hostedUrl(id),
    last_finalization_error: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    metadata: {},
    next_payment_attempt: null,
    number: params.number,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata, subscription: params.subscription.id } },
    period_start: usage.start,
    period_end: usage.end,
    shipping_cost: null,
    shipping_details: null,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: params.subscription.test_clock ?? null,
    total: amount,
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}

export function paidInvoice(invoice: Fixture): Fixture {
  return {
    ...invoice,
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: true,
    attempt_count: (invoice.attempt_count as number) + 1,
    auto_advance: false,
    next_payment_attempt: null,
    status_transitions: { ...(invoice.status_transitions as Fixture), paid_at: nowSeconds() },
  };
}

/** An open invoice whose automatic payment failed once; Stripe retries it in days. */
export function failedInvoice(invoice: Fixture): Fixture {
  return { ...invoice, attempted: true, attempt_count: (invoice.attempt_count as number) + 1, next_payment_attempt: nowSeconds() + 3 * DAY_S };
}

export function billingPortalSessionObject(params: { customer: string; returnUrl: string | null; url: (id: string) => string }): Fixture {
  const id = stripeId('bps');
  return {
    ...template('billing_portal.session'),
    id,
    configuration: 'bpc_emulator_default',
    created: nowSeconds(),
    customer: params.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: params.returnUrl,
    url: params.url(id),
  };
}

/** A subscription canceled now (Stripe's DELETE, or the last failed payment attempt), as Stripe shows it after. */
export function canceledNow<S extends Fixture>(subscription: S, reason: 'cancellation_requested' | 'payment_failed'): S {
  const now = nowSeconds();
  return {
    ...subscription,
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancel_at: null,
    cancel_at_period_end: false,
    cancellation_details: cancellationDetails(reason),
  };
}
