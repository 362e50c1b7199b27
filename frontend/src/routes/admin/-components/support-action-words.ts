import type { SupportActionKind } from '@contracts/admin/support-actions.contract';

/** Each kind of support action in words, for the audit log and the account page. */
export const SUPPORT_ACTION_LABELS: Record<SupportActionKind, string> = {
  resend_license_email: 'Resend license key email',
  extend_license: 'Extend a license',
  grant_resource: 'Grant a resource',
  grant_credits: 'Grant credits',
  revoke_license: 'Revoke a license',
  revoke_resource: 'Revoke a resource',
  refund: 'Refund',
  cancel_subscription: 'Cancel a subscription',
  cancel_booking: 'Cancel a booking',
};

/** The details of an action as a short line: "200 credits", "15.00 USD of ref-1". */
export function detailsLine(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details['credits'] === 'number') parts.push(`${details['credits']} credits`);
  if (typeof details['amount'] === 'number' && typeof details['currency'] === 'string') {
    parts.push(`${(details['amount'] / 100).toFixed(2)} ${details['currency'].toUpperCase()}`);
  }
  for (const key of ['resourceId', 'licenseId', 'checkoutRef', 'subscriptionId', 'bookingId', 'until'] as const) {
    if (typeof details[key] === 'string') parts.push(key === 'until' ? `until ${details[key].slice(0, 10)}` : details[key]);
  }
  if (details['onBehalfOf'] === 'us') parts.push('called off by us');
  if (details['onBehalfOf'] === 'customer') parts.push('at the customer’s request');
  return parts.join(' · ');
}
