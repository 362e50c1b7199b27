import { z } from 'zod';
import { defineServerFn } from '../server-fn';
import { billingParty } from './charge-tax';
import { COUNTRY_CODES } from './country-codes';

/** The longest each field may be (Stripe's customer fields allow more; an invoice line does not). */
export const BILLING_DETAILS_LIMITS = { name: 120, line: 200, city: 120, postalCode: 20, state: 120, taxId: 40 } as const;

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const requiredText = (max: number, missing: string) => z.string().trim().min(1, missing).max(max, `At most ${max} characters.`);

/** What the dashboard's billing details form sends; an empty optional field clears it. */
export const billingDetailsInput = z
  .object({
    name: optionalText(BILLING_DETAILS_LIMITS.name),
    businessName: optionalText(BILLING_DETAILS_LIMITS.name),
    line1: requiredText(BILLING_DETAILS_LIMITS.line, 'Enter the street address.'),
    line2: optionalText(BILLING_DETAILS_LIMITS.line),
    city: requiredText(BILLING_DETAILS_LIMITS.city, 'Enter the city.'),
    postalCode: optionalText(BILLING_DETAILS_LIMITS.postalCode),
    state: optionalText(BILLING_DETAILS_LIMITS.state),
    country: z.string().refine((code) => COUNTRY_CODES.includes(code), 'Choose a country.'),
    taxId: optionalText(BILLING_DETAILS_LIMITS.taxId),
  })
  .strict();
export type BillingDetailsInput = z.infer<typeof billingDetailsInput>;
export type BillingDetailsField = keyof BillingDetailsInput;

/** How Stripe checked the tax number given: verified by the authority, being checked, not a type it checks, or none given. */
export const TAX_ID_STATUSES = ['none', 'verified', 'pending', 'unavailable'] as const;

/** The signed-in account's billing details: the last saved, or those of its latest invoice, or none yet. */
export const getBillingDetails = defineServerFn({
  id: 'getBillingDetails',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({ details: billingParty.nullable(), taxIdStatus: z.enum(TAX_ID_STATUSES) }),
});

/**
 * Saves the account's billing details on its Stripe customer (later charges are taxed and billed to
 * them) and reissues the invoices of its charges of the last 30 days; a verified EU VAT number
 * abroad returns the VAT charged on them.
 */
export const updateBillingDetails = defineServerFn({
  id: 'updateBillingDetails',
  method: 'POST',
  input: billingDetailsInput,
  output: z.object({
    details: billingParty,
    taxIdStatus: z.enum(TAX_ID_STATUSES),
    /** Whether anything changed (a save of the same details reissues nothing). */
    changed: z.boolean(),
    /** How many invoices will be reissued, and on how many the VAT is returned. */
    reissued: z.number().int().min(0),
    vatReturned: z.number().int().min(0),
  }),
  errors: ['billing.tax_id_invalid', 'billing.tax_id_unverified', 'billing.tax_id_unsupported'],
});

export const billingDetailsServerFns = [getBillingDetails, updateBillingDetails] as const;
