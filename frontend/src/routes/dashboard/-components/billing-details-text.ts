import type { ServerFnOutput } from '@contracts/server-fn';
import type { updateBillingDetails } from '@contracts/billing/billing-details.contract';

type Saved = ServerFnOutput<typeof updateBillingDetails>;

const invoices = (n: number) => (n === 1 ? '1 invoice' : `${n} invoices`);

/** What the form says once saved: what changes, on which invoices, and whether VAT comes back. */
export function savedMessage(saved: Saved): string[] {
  const lines: string[] = [];
  if (!saved.changed) lines.push('Nothing to change: these are already your billing details.');
  else if (saved.reissued === 0) lines.push('Saved. Your next invoices will show these details.');
  else
    lines.push(
      `Saved. ${invoices(saved.reissued)} from the last 30 days will be reissued with these details: each gets a credit note and a new invoice in your billing history below.`,
    );
  if (saved.vatReturned > 0)
    lines.push(
      `With your verified VAT number the reverse charge applies, so the VAT on ${saved.vatReturned === 1 ? 'it' : 'them'} will be refunded to your original payment method (usually within 5–10 days).`,
    );
  if (saved.taxIdStatus === 'pending')
    lines.push('The tax authority has not confirmed your VAT number yet. Once it has, save your details again to apply the reverse charge to recent invoices.');
  return lines;
}
