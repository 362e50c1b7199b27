import { z } from 'zod';
import { taxLine } from '../billing/charge-tax';
import { resourceSchema } from '../catalog/resource';
import { defineServerFn } from '../server-fn';
import { checkoutSearchSchema, MAX_CHECKOUT_QUANTITY } from './checkout-search';
import { checkoutDiscountSchema, codeRefusalSchema } from '../promotions/checkout-discount';

/** Signed-out visitors are sent to sign in (a server redirect) and brought back after. */
export const checkCheckoutAccess = defineServerFn({
  id: 'checkCheckoutAccess',
  method: 'GET',
  input: checkoutSearchSchema,
  output: z.object({ signedIn: z.literal(true) }),
});

/** What a purchase charged, as its receipt shows it. */
export const purchaseChargeSchema = z.object({
  currency: z.string().length(3),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  reverseCharge: z.boolean(),
  lines: z.array(taxLine.pick({ country: true, state: true, taxType: true, percentage: true, taxabilityReason: true, amountCents: true })),
});
export type PurchaseCharge = z.infer<typeof purchaseChargeSchema>;

export const checkoutModeSchema = z.enum(['free', 'payment', 'subscription', 'included']);

export const checkoutDataSchema = z.object({
  resource: resourceSchema.nullable(),
  /** What would be bought: 1 for resources sold one at a time. */
  quantity: z.number().int().min(1).max(MAX_CHECKOUT_QUANTITY),
  /** Whether the buyer chooses how many (seats, credit packs). */
  quantityAdjustable: z.boolean(),
  mode: checkoutModeSchema.nullable(),
  totalCents: z.number().int().min(0).nullable(),
  /** Already on the account: a free or bought resource, or the same plan still active. */
  owned: z.boolean(),
  /**
   * The free trial of this plan (null when it has none): offered to an account that never had a
   * plan, with its first charge on `firstChargeAt` if started now; `used` when the account had one
   * (its checkout is at the regular price).
   */
  trial: z.object({ state: z.enum(['offered', 'used']), days: z.number().int().min(1), firstChargeAt: z.iso.datetime() }).nullable(),
  /**
   * What comes off the first charge before tax: the code given, if it applies, else a sale running
   * now (an automatic promotion); null for the list price.
   */
  discount: checkoutDiscountSchema.nullable(),
  /** Why the code given does not apply (null when none was given, or it applies). */
  codeRefusal: codeRefusalSchema.nullable(),
  /** The latest purchase of this resource, to tell what happened after paying. */
  latest: z
    .object({
      state: z.enum(['paid', 'processing', 'waiting', 'failed', 'expired', 'refunded']),
      at: z.iso.datetime(),
      /** How many were bought (seats, packs), from our records of the purchase. */
      quantity: z.number().int().min(1),
      /** A paid purchase's charge: net, tax by rate and total, in its currency (null before tax was collected, or not paid). */
      charge: purchaseChargeSchema.nullable(),
      /** The free trial the purchase started: when it ends and what is charged then (null for a paid start). */
      trial: z.object({ endsAt: z.iso.datetime(), amountCents: z.number().int().min(0), currency: z.string() }).nullable(),
    })
    .nullable(),
});
export type CheckoutData = z.infer<typeof checkoutDataSchema>;

export const getCheckoutData = defineServerFn({
  id: 'getCheckoutData',
  method: 'GET',
  input: checkoutSearchSchema,
  output: checkoutDataSchema,
});

export const initiateCheckoutInput = z
  .object({
    resourceId: z.string().trim().min(1, 'Choose what to buy.').max(120),
    quantity: z.coerce
      .number()
      .int('Choose a whole number.')
      .min(1, 'Choose at least 1.')
      .max(MAX_CHECKOUT_QUANTITY, `Choose at most ${MAX_CHECKOUT_QUANTITY}.`),
    /** A promotion code the page showed as applying; an empty field is none. */
    code: z.string().trim().max(40, 'A code is at most 40 characters.').optional(),
  })
  .strict();

export const initiateCheckout = defineServerFn({
  id: 'initiateCheckout',
  method: 'POST',
  input: initiateCheckoutInput,
  output: z.discriminatedUnion('outcome', [
    /** Off to Stripe's checkout page. */
    z.object({ outcome: z.literal('redirect'), url: z.url() }),
    /** A free resource, now on the account. */
    z.object({ outcome: z.literal('granted'), resourceId: z.string() }),
    /** No Stripe price is configured for it: the configuration-error status. */
    z.object({ outcome: z.literal('configuration-error') }),
  ]),
  errors: [
    'checkout.included_with_subscription',
    'checkout.already_owned',
    'checkout.book_a_time',
    'checkout.plan_change_is_a_switch',
    'checkout.plan_already_active',
    'checkout.lifetime_includes_plan',
    'checkout.plan_change_overdue',
    'checkout.discount_refused',
  ],
  /** Posted as a plain form before JavaScript loads: answered with a 303 (to Stripe, the library, or back here). */
  form: { page: '/checkout' },
});

/** Coming back from Stripe's "back" link: the buyer's open checkouts of this item are closed as cancelled. */
export const cancelCheckout = defineServerFn({
  id: 'cancelCheckout',
  method: 'POST',
  input: z.object({ resourceId: z.string().trim().min(1).max(120) }).strict(),
  output: z.object({ cancelled: z.number().int().min(0) }),
});
