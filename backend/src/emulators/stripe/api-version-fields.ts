type Fixture = Record<string, unknown>;

/**
 * Where Stripe's example objects (an older openapi snapshot) differ from the API version the
 * emulator answers with (the installed SDK's, 2026-10-28): fields the version added, with the
 * value an account without Connect, trials or tax settings gets; fields it removed; and Connect
 * placeholders (`obj_123`) that such an account never sees. The contract test
 * (test/integration/payments/stripe-emulator-contract.test.ts) finds any new difference.
 */
const ADDED: Record<string, Fixture> = {
  'checkout.session': { allowed_payment_method_types: null, payment_method_configuration_details: null },
  payment_intent: { allowed_payment_method_types: null, payment_record: null, transfer_data: null, payment_method_configuration_details: null },
  subscription: { transfer_data: null },
  product: { tax_details: null },
  dispute: { intended_submission_method: null },
};
const REMOVED: Record<string, string[]> = {
  invoice: ['subscription'],
};

export function toCurrentApi(name: string, fixture: Fixture): Fixture {
  const current: Fixture = { ...fixture, ...ADDED[name] };
  for (const field of REMOVED[name] ?? []) delete current[field];
  if (name === 'subscription') {
    const cancellation = current.cancellation_details as Fixture | null;
    if (cancellation) current.cancellation_details = { ...cancellation, feedback_option: null };
    const trial = current.trial_settings as { end_behavior?: Fixture } | null;
    if (trial?.end_behavior) current.trial_settings = { ...trial, end_behavior: { ...trial.end_behavior, billing_cycle_anchor: null } };
  }
  if (name === 'dispute') {
    current.evidence_details = { ...(current.evidence_details as Fixture), submission_method: 'not_submitted' };
  }
  if (name === 'charge') {
    const details = current.payment_method_details as { card?: Fixture } | null;
    if (details?.card) current.payment_method_details = { ...details, card: { ...details.card, electronic_commerce_indicator: null } };
  }
  return current;
}

/** Stripe's cancellation details as this API version shapes them. */
export function cancellationDetails(reason: 'cancellation_requested' | 'payment_failed' | null): Fixture {
  return { comment: null, feedback: null, feedback_option: null, reason };
}

/** The Plan Stripe still shows beside a subscription item's recurring price (same id, the price's terms). */
export function planOf(price: Fixture): Fixture {
  const recurring = price.recurring as {
    interval: string;
    interval_count: number;
    meter?: string | null;
    trial_period_days?: number | null;
    usage_type?: string;
  };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: price.livemode,
    metadata: price.metadata,
    meter: recurring.meter ?? null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: price.tiers_mode ?? null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days ?? null,
    usage_type: recurring.usage_type ?? 'licensed',
  };
}
