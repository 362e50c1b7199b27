import { emailTrigger, type EmailTrigger } from '../../email';
import { openLicenseKey, SeatAssigned, LicenseGranted, signSeatInvitation } from '../../licenses';
import { chargeInvoicePath } from '../../../../../contracts/billing/billing.contract';
import { PurchaseCompleted } from '../checkout.events';
import { SubscriptionPastDue, SubscriptionRenewed, SubscriptionTrialEnding, SubscriptionTrialRefused } from '../../subscriptions';

/** The emails purchases send: receipt, license key, seat invitation, renewal, plan-change receipt and failed renewal. */
export function paymentEmailTriggers(sealingSecret: string, siteUrl: string, invitationKey: Buffer): EmailTrigger[] {
  const dashboard = (section: string) => new URL(`/dashboard?section=${section}`, siteUrl).toString();
  return [
    emailTrigger({
      event: PurchaseCompleted,
      kind: 'purchase-receipt',
      send: (d) =>
        d.email
          ? {
              to: d.email,
              data: {
                orderId: d.checkoutRef,
                paidAt: d.completedAt,
                // With tax known, the item is its price before tax, and the tax rows add up to the total.
                items: [{ title: d.title, quantity: d.quantity, amountCents: d.tax ? d.tax.subtotalCents : d.amountCents }],
                totalCents: d.tax ? d.tax.totalCents : d.amountCents,
                currency: d.currency,
                invoicePath: d.amountCents > 0 ? chargeInvoicePath('checkout', d.checkoutRef) : null,
                tax: d.tax,
              },
            }
          : null,
    }),
    emailTrigger({
      event: LicenseGranted,
      kind: 'license-key',
      send: (d) =>
        d.email ? { to: d.email, data: { planTitle: planTitle(d.plan), licenseKey: openLicenseKey(d.keySealed, sealingSecret), seats: d.seats } } : null,
    }),
    emailTrigger({
      event: SeatAssigned,
      kind: 'seat-invitation',
      send: (d) => ({
        to: d.email,
        data: {
          ownerName: d.ownerName,
          planTitle: d.planTitle,
          acceptUrl: new URL(`/invite/${signSeatInvitation(invitationKey, d.licenseId, d.email)}`, siteUrl).toString(),
        },
      }),
    }),
    emailTrigger({
      event: SubscriptionRenewed,
      kind: 'subscription-renewed',
      send: (d) =>
        d.email && d.billingReason === 'subscription_cycle'
          ? {
              to: d.email,
              data: {
                planTitle: d.title,
                amountCents: d.amountCents,
                currency: d.currency,
                periodEndsAt: d.currentPeriodEnd,
                period: periodOf(d),
                invoiceNumber: d.invoiceNumber,
                invoicePath: chargeInvoicePath('subscription-invoice', d.invoiceId),
                tax: d.tax,
              },
            }
          : null,
    }),
    emailTrigger({
      event: SubscriptionRenewed,
      kind: 'plan-change-receipt',
      // A move to a cheaper plan charges nothing (its credit goes to the balance): no receipt.
      send: (d) =>
        d.email && d.billingReason === 'subscription_update' && d.amountCents > 0
          ? {
              to: d.email,
              data: {
                planTitle: d.title,
                amountCents: d.amountCents,
                currency: d.currency,
                paidAt: d.at,
                period: periodOf(d),
                invoiceNumber: d.invoiceNumber,
                invoicePath: chargeInvoicePath('subscription-invoice', d.invoiceId),
                tax: d.tax,
              },
            }
          : null,
    }),
    emailTrigger({
      event: SubscriptionPastDue,
      kind: 'renewal-failed',
      send: (d) =>
        d.email
          ? {
              to: d.email,
              data: {
                planTitle: d.title,
                amountCents: d.amountDueCents,
                currency: d.currency,
                payUrl: d.payUrl ?? dashboard('pending-payments'),
                retryAt: d.nextAttemptAt,
              },
            }
          : null,
    }),
    emailTrigger({
      event: SubscriptionTrialEnding,
      kind: 'trial-ending',
      send: (d) =>
        d.email
          ? {
              to: d.email,
              data: { planTitle: d.title, trialEnd: d.trialEnd, amountCents: d.amountCents, currency: d.currency, manageUrl: dashboard('license') },
            }
          : null,
    }),
    emailTrigger({
      event: SubscriptionTrialRefused,
      kind: 'trial-refused',
      send: (d) =>
        d.email ? { to: d.email, data: { planTitle: d.title, amountCents: d.amountCents, currency: d.currency, manageUrl: dashboard('license') } } : null,
    }),
  ];
}

const periodOf = (d: { periodStart: string | null; periodEnd: string | null }) =>
  d.periodStart && d.periodEnd ? { start: d.periodStart, end: d.periodEnd } : null;

const PLAN_TITLES: Record<string, string> = { lifetime: 'Lifetime license', pro: 'Pro plan', starter: 'Starter plan' };
/** A plan as the license key email names it (support resends it with the same words). */
export const planTitle = (plan: string) => PLAN_TITLES[plan] ?? plan;
