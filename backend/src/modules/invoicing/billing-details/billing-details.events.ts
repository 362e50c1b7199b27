import { z } from 'zod';
import { TAX_ID_STATUSES } from '../../../../../contracts/billing/billing-details.contract';
import { billingParty } from '../../../../../contracts/billing/charge-tax';
import { defineEvent } from '../../../events/event-registry';

/** One stream per account: the billing details its invoices name from now on. */
export const billingDetailsStreamId = (userId: string) => `billing-details-${userId}`;

/**
 * The customer gave new billing details in the dashboard: the party invoices name (the tax ids as
 * Stripe verified them), and the country Stripe Tax had as the seller's origin then, which decides
 * whether a VAT number abroad makes the reverse charge apply. The invoices of the 30 days before are
 * reissued with them.
 */
export const BillingDetailsChanged = defineEvent({
  type: 'BillingDetailsChanged',
  schemaVersion: 1,
  schema: z.object({
    userId: z.string(),
    buyer: billingParty,
    /** How Stripe found the tax number (`pending` until the authority answers; only `verified` counts for the reverse charge). */
    taxIdStatus: z.enum(TAX_ID_STATUSES),
    taxOrigin: z.string().length(2).nullable(),
    changedAt: z.iso.datetime(),
  }),
});

export type BillingDetailsChangedData = z.infer<typeof BillingDetailsChanged.schema>;
