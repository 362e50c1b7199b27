import { z } from 'zod';

/** Cents in one currency; a sum never mixes currencies (see `currency` beside every amount). */
const cents = z.number().int();

/** A postal address as Stripe collects it (`customer_details.address`), country as ISO 3166-1 alpha-2. */
export const postalAddress = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().length(2),
});
export type PostalAddress = z.infer<typeof postalAddress>;

/** A tax id as Stripe keeps it (`tax_id` object): its type (`eu_vat`, `gb_vat`, …), value, and whether it was verified. */
export const partyTaxId = z.object({ type: z.string(), value: z.string(), verified: z.boolean() });
export type PartyTaxId = z.infer<typeof partyTaxId>;

/** Who is billed: as the buyer gave it at checkout, or corrected later in the dashboard. */
export const billingParty = z.object({
  name: z.string().nullable(),
  businessName: z.string().nullable(),
  address: postalAddress.nullable(),
  taxIds: z.array(partyTaxId),
});
export type BillingParty = z.infer<typeof billingParty>;

/**
 * One tax amount of a charge, as Stripe Tax computed it (`total_details.breakdown.taxes`, an
 * invoice's `total_taxes`): where and at which rate, why (`standard_rated`, `reverse_charge`,
 * `not_collecting`, …), the amount it was computed on, and the tax.
 */
export const taxLine = z.object({
  country: z.string().length(2),
  state: z.string().nullable(),
  taxType: z.string(),
  percentage: z.number().min(0),
  taxabilityReason: z.string(),
  taxableAmountCents: cents,
  amountCents: cents,
});
export type TaxLine = z.infer<typeof taxLine>;

/**
 * What a charge was, for the books: net, tax and gross in one currency, the tax by rate, whether the
 * reverse charge applied, and the buyer's billing details. Recorded with the payment events
 * (`PurchaseCompleted`, `SubscriptionRenewed`); null on events written before tax was collected.
 */
export const chargeTax = z.object({
  currency: z.string().length(3),
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  reverseCharge: z.boolean(),
  lines: z.array(taxLine),
  buyer: billingParty,
});
export type ChargeTax = z.infer<typeof chargeTax>;
