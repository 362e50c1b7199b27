import { z } from 'zod';
import { resourceSchema } from '../catalog/resource';
import { deviceHashSchema } from '../devices/devices.contract';
import { defineServerFn } from '../server-fn';
import { dashboardSearchSchema } from './dashboard-search';

const iso = z.iso.datetime();
const money = { amountCents: z.number().int(), currency: z.string() };
const billingPeriod = z.object({ start: iso, end: iso });

export const checkDashboardAccess = defineServerFn({
  id: 'checkDashboardAccess',
  method: 'GET',
  input: dashboardSearchSchema,
  output: z.object({ signedIn: z.literal(true) }),
});

export const licenseDeviceSeatSchema = z.object({
  /** 'owner' for the owner's own key, else the seat holder's address. */
  seat: z.string(),
  devices: z.array(
    z.object({ deviceHash: deviceHashSchema, name: z.string().nullable(), activatedAt: iso, lastSeenAt: iso.nullable(), pluginVersion: z.string().nullable() }),
  ),
  /** Released slots still cooling down: each counts as taken until then. */
  coolingUntil: z.array(iso),
  /** Releases of this seat in the last 30 days (beyond the free ones, a released slot cools down for 24 hours). */
  recentReleases: z.number().int(),
});
export type LicenseDeviceSeat = z.infer<typeof licenseDeviceSeatSchema>;

export const dashboardLicenseSchema = z.object({
  licenseId: z.string(),
  resourceId: z.string(),
  title: z.string(),
  plan: z.string(),
  kind: z.enum(['lifetime', 'subscription']),
  status: z.enum(['active', 'past_due', 'ended', 'revoked']),
  revokedReason: z.string().nullable(),
  key: z.string(),
  keyHint: z.string(),
  seats: z.number().int(),
  /** Including the owner's own seat. */
  seatsUsed: z.number().int(),
  devicesPerSeat: z.number().int(),
  includedCreditsPerMonth: z.number().int(),
  validUntil: iso.nullable(),
  grantedAt: iso,
  subscription: z
    .object({
      subscriptionId: z.string(),
      status: z.enum(['active', 'past_due', 'cancelled']),
      currentPeriodEnd: iso,
      cancelAt: iso.nullable(),
      renewals: z.number().int(),
      /** Its free trial while it runs: when it ends and what is charged then (before tax). */
      trial: z.object({ endsAt: iso, chargeCents: z.number().int().min(0), currency: z.string().length(3) }).nullable(),
    })
    .nullable(),
  /**
   * Billing this monthly plan yearly instead, while the owner can switch: what a year costs each
   * way (in the catalog's dollars, for the seats held), and the checkout page that confirms the
   * switch with Stripe's proration. Null for annual plans, Lifetime, trials and plans not paid up.
   */
  annualOffer: z
    .object({
      annualPriceCents: z.number().int().positive(),
      yearOfMonthlyCents: z.number().int().positive(),
      amountSavedCents: z.number().int().positive(),
      percentSaved: z.number().int().min(0).max(100),
      checkoutPath: z.string().startsWith('/checkout?'),
    })
    .nullable(),
  /** The seats given to other people (the owner holds one more, with the license key). */
  seatHolders: z.array(z.object({ email: z.string(), keyHint: z.string(), addedAt: iso })),
  /** The plugin's latest checks of this license's keys: why it says what it says. */
  recentChecks: z.array(
    z.object({ checkedAt: iso, keyHint: z.string(), pluginVersion: z.string().nullable(), code: z.string(), reason: z.string().nullable() }),
  ),
  /** Device slots per seat: the owner's own, each seat holder's, and any seat that still holds devices. */
  deviceSeats: z.array(licenseDeviceSeatSchema),
});
export type DashboardLicense = z.infer<typeof dashboardLicenseSchema>;

export const dashboardDataSchema = z.object({
  viewer: z.object({ name: z.string(), email: z.string().nullable() }),
  licenses: z.array(dashboardLicenseSchema),
  /** Seats other people gave this account's address. */
  sharedSeats: z.array(
    z.object({ licenseId: z.string(), title: z.string(), status: z.enum(['active', 'past_due', 'ended', 'revoked']), key: z.string(), addedAt: iso }),
  ),
  resources: z.object({
    owned: z.array(z.object({ resource: resourceSchema, source: z.enum(['purchase', 'free']), grantedAt: iso })),
    /** Resources that come with an active plan or license. */
    included: z.array(resourceSchema),
  }),
  pendingPayments: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      kind: z.enum(['checkout', 'renewal']),
      status: z.enum(['open', 'processing', 'settled', 'expired']),
      ...money,
      quantity: z.number().int(),
      payUrl: z.string().nullable(),
      expiresAt: iso.nullable(),
      openedAt: iso,
      closedAt: iso.nullable(),
      closeReason: z.string().nullable(),
      /** The subscription period a renewal payment is for (null for a checkout). */
      period: billingPeriod.nullable(),
    }),
  ),
  /** Checkouts, and each charge of a subscription after its first: renewals and plan changes. */
  purchases: z.array(
    z.object({
      /** The checkout's reference, or the invoice's id for a renewal or a plan change. */
      checkoutRef: z.string(),
      kind: z.enum(['checkout', 'renewal', 'plan_change']),
      title: z.string(),
      quantity: z.number().int(),
      ...money,
      status: z.enum(['paid', 'refunded', 'partially_refunded', 'disputed']),
      completedAt: iso,
      /** The subscription period the payment is for (null for a one-time purchase). */
      period: billingPeriod.nullable(),
    }),
  ),
  /** Whether Stripe knows this customer (the manage-billing link needs one). */
  canManageBilling: z.boolean(),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

export const getDashboardData = defineServerFn({
  id: 'getDashboardData',
  method: 'GET',
  input: dashboardSearchSchema,
  output: dashboardDataSchema,
});

export const abandonPendingPayment = defineServerFn({
  id: 'abandonPendingPayment',
  method: 'POST',
  input: z.object({ pendingPaymentId: z.string().min(1).max(100) }).strict(),
  output: z.object({ abandoned: z.literal(true) }),
  errors: ['pending_payment.not_abandonable'],
});

export const openBillingPortal = defineServerFn({
  id: 'openBillingPortal',
  method: 'POST',
  input: z.object({}).strict().default({}),
  output: z.object({ url: z.url() }),
  errors: ['billing.no_customer'],
});

export const dashboardServerFns = [checkDashboardAccess, getDashboardData, abandonPendingPayment, openBillingPortal];
