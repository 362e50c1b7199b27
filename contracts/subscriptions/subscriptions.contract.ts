import { z } from 'zod';
import { defineServerFn } from '../server-fn';
import { isPlainLineText } from '../text-rule';
import { MAX_CHECKOUT_QUANTITY } from '../checkout/checkout-search';

const iso = z.iso.datetime();
const cents = z.number().int();

/** Stripe's proration for a monthly → monthly change: what is charged now, line by line. */
export const prorationPreviewSchema = z.object({
  /** The moment the proration is computed for; sent back to confirm exactly these amounts. */
  prorationDate: z.number().int(),
  lines: z.array(z.object({ description: z.string(), amountCents: cents })),
  /** Charged at once to the card on file (0 when the change is a credit). */
  amountDueCents: cents.min(0),
  /** A credit kept on the account for the next invoices (a cheaper plan), 0 otherwise. */
  creditCents: cents.min(0),
  currency: z.string(),
  /** From the next renewal on. */
  nextAmountCents: cents.min(0),
  renewsAt: iso,
  /** The end of the free trial the subscription is in (null when it is not): nothing is charged until then. */
  trialEndsAt: iso.nullable(),
});

/** What buying this plan means for the plans already on the account, said before any payment. */
export const planChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new') }),
  /** Refused: `code` is the error initiateCheckout would answer, `message` what the page says. */
  z.object({ kind: z.literal('refused'), code: z.string(), message: z.string(), heldTitle: z.string() }),
  z.object({
    kind: z.literal('switch'),
    direction: z.enum(['upgrade', 'downgrade', 'seats']),
    heldTitle: z.string(),
    heldQuantity: z.number().int(),
    message: z.string(),
    preview: prorationPreviewSchema,
  }),
  z.object({ kind: z.literal('to-lifetime'), heldTitle: z.string(), endsAt: iso, message: z.string() }),
]);
export type PlanChangeView = z.infer<typeof planChangeSchema>;

/** Control characters and lone surrogates are never part of an id: refused as invalid input, before any lookup. */
const resourceId = z.string().trim().min(1, 'Choose a plan.').max(120).refine(isPlainLineText, 'That is not a plan id.');

const planInput = z
  .object({
    resourceId,
    quantity: z.coerce.number().int().min(1).max(MAX_CHECKOUT_QUANTITY),
  })
  .strict();

export const getPlanChange = defineServerFn({
  id: 'getPlanChange',
  method: 'GET',
  input: planInput,
  output: planChangeSchema.nullable(),
  errors: ['stripe.refused', 'stripe.conflict'],
});

export const changePlan = defineServerFn({
  id: 'changePlan',
  method: 'POST',
  input: planInput.extend({ prorationDate: z.coerce.number().int().min(0) }).strict(),
  output: z.object({ changed: z.literal(true), resourceId: z.string(), quantity: z.number().int() }),
  errors: [
    'checkout.plan_already_active',
    'checkout.lifetime_includes_plan',
    'checkout.plan_change_overdue',
    'checkout.plan_change_not_a_switch',
    'checkout.plan_preview_stale',
    'checkout.card_declined',
    'stripe.refused',
    'stripe.conflict',
  ],
});

/** The plan an account holds, as the plans page shows it: its own card says "Your plan", the others what a move to them means. */
export const planStandingSchema = z.object({
  resourceId: z.string(),
  title: z.string(),
  kind: z.enum(['lifetime', 'subscription']),
  quantity: z.number().int(),
  /** False while a renewal is unpaid: nothing else can be bought until it is. */
  paidUp: z.boolean(),
  cancelAt: iso.nullable(),
});
export type PlanStanding = z.infer<typeof planStandingSchema>;

export const getPlanStanding = defineServerFn({
  id: 'getPlanStanding',
  method: 'GET',
  input: z.object({}).strict().default({}),
  /** Null when signed out or without a plan. */
  output: planStandingSchema.nullable(),
});

export const planChangeServerFns = [getPlanChange, changePlan, getPlanStanding];
