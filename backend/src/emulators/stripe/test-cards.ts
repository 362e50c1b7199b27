import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { nowSeconds, stripeId, stripeError } from './stripe-objects';

/**
 * Stripe's test payment methods (https://docs.stripe.com/testing#cards), by the tokens Stripe
 * accepts in their place: a token makes a new payment method with that card's behaviour.
 * `chargeCustomerFail` attaches to a customer and then declines every charge, the card a test
 * uses for a failed renewal.
 */
const TEST_CARDS = {
  pm_card_visa: { number: '4242424242424242', brand: 'visa', declines: false },
  pm_card_mastercard: { number: '5555555555554444', brand: 'mastercard', declines: false },
  pm_card_amex: { number: '378282246310005', brand: 'amex', declines: false },
  pm_card_discover: { number: '6011111111111117', brand: 'discover', declines: false },
  pm_card_visa_debit: { number: '4000056655665556', brand: 'visa', declines: false },
  pm_card_chargeCustomerFail: { number: '4000000000000341', brand: 'visa', declines: true },
  pm_card_visa_chargeDeclined: { number: '4000000000000002', brand: 'visa', declines: true },
} satisfies Record<string, { number: string; brand: string; declines: boolean }>;
export type TestCardToken = keyof typeof TEST_CARDS;

export const isTestCardToken = (token: string): token is TestCardToken => Object.hasOwn(TEST_CARDS, token);

/**
 * Stripe's `card.fingerprint`: the same for every payment method made from one card number (within
 * an account), so a card can be recognised across customers; 16 characters, as Stripe's are.
 */
export const cardFingerprint = (cardNumber: string): string =>
  createHash('sha256')
    .update(`card:${cardNumber}`)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);

/** A payment method for a test card token, attached to `customer`. */
export async function attachTestCard(store: EmulatorStore, token: TestCardToken, customer: string, em: EntityManager): Promise<StripeObject> {
  const card = TEST_CARDS[token];
  return store.put(
    {
      id: stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      card: {
        brand: card.brand,
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: 2034,
        fingerprint: cardFingerprint(card.number),
        funding: 'credit',
        last4: card.number.slice(-4),
      },
      created: nowSeconds(),
      customer,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
      declines_emulator: card.declines,
    },
    em,
  );
}

/**
 * Whether an off-session charge for this subscription is declined: Stripe charges the
 * subscription's default payment method, else its customer's invoice default. Neither set, the
 * card the customer paid the first invoice with at checkout is used, which the emulator takes as good.
 */
export async function declinesCharge(store: EmulatorStore, subscription: StripeObject, em: EntityManager): Promise<boolean> {
  const customer = await store.get(String(subscription.customer), 'customer', em);
  const method =
    (subscription.default_payment_method as string | null | undefined) ??
    (customer?.invoice_settings as { default_payment_method?: string | null } | undefined)?.default_payment_method;
  if (!method) return false;
  return (await store.get(method, 'payment_method', em))?.declines_emulator === true;
}

/** Stripe's answer to a declined off-session charge (a StripeCardError in the SDK). */
export const cardDeclined = (): EmulatorAnswer => ({
  status: 402,
  body: stripeError('Your card was declined.', { type: 'card_error', code: 'card_declined' }),
});

/** The customer's invoice default becomes a new card of a test token (the dev page's "the card fails from now on"). */
export async function setDefaultTestCard(store: EmulatorStore, customerId: string, token: TestCardToken, em: EntityManager): Promise<void> {
  await store.lock(customerId, em);
  const customer = await store.get(customerId, 'customer', em);
  if (!customer) return;
  const method = await attachTestCard(store, token, customerId, em);
  await store.put({ ...customer, invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: method.id } }, em);
}

/**
 * An invoice paid on its hosted page with a new, good card: as with Stripe's hosted invoice page
 * for a subscription, the card becomes the subscription's default for the next charges.
 */
export async function keepHostedPageCard(store: EmulatorStore, invoice: StripeObject, em: EntityManager): Promise<void> {
  const subscriptionId = (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription;
  if (!subscriptionId) return;
  const subscription = await store.get(subscriptionId, 'subscription', em);
  if (!subscription || !(await declinesCharge(store, subscription, em))) return;
  const method = await attachTestCard(store, 'pm_card_visa', String(subscription.customer), em);
  await store.put({ ...subscription, default_payment_method: method.id }, em);
}
