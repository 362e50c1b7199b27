import { html, standalonePage } from '../../platform/common/html';
import { money, PAGE_STYLE, when } from './emulator-pages';
import type { StripeObject } from './emulator-store';

/** The emulator's stand-in for Stripe's hosted invoice page (an invoice's hosted_invoice_url). */
export function hostedInvoicePage(invoice: StripeObject, siteUrl: string, notice?: string): string {
  const currency = String(invoice.currency);
  const open = invoice.status === 'open';
  const lines = (invoice.lines as { data: Array<{ description: string; amount: number; period: { start: number; end: number } }> }).data;
  const rows = lines.map(
    (line) =>
      html`<tr><td>${line.description}<br><small>${when(line.period.start)} – ${when(line.period.end)}</small></td><td class="amount">${money(line.amount, currency)}</td></tr>`,
  );
  const taxes = (invoice.total_taxes ?? []) as Array<{ amount: number; taxability_reason: string }>;
  const taxRow =
    taxes.length === 0
      ? ''
      : html`<tr><td>${taxes.some((tax) => tax.taxability_reason === 'reverse_charge') ? 'Tax (reverse charge)' : 'Tax'}</td><td class="amount">${money(
          taxes.reduce((sum, tax) => sum + tax.amount, 0),
          currency,
        )}</td></tr>`;
  const body = html`<span class="badge">Test mode · local Stripe emulator</span>
<h1>${open ? `Invoice ${String(invoice.number)}: ${money(Number(invoice.amount_remaining), currency)} due` : `Invoice ${String(invoice.number)} is ${String(invoice.status)}`}</h1>
<p>${invoice.customer_email ? `Billed to ${String(invoice.customer_email)}.` : ''} ${open && Number(invoice.attempt_count) > 0 ? 'The last automatic payment failed.' : ''}</p>
${notice ? html`<div class="notice" role="status">${notice}</div>` : ''}
<div class="card"><table><tbody>${rows}${taxRow}<tr class="total"><td>${open ? 'Amount due' : 'Amount paid'}</td><td class="amount">${money(Number(open ? invoice.amount_remaining : invoice.amount_paid), currency)}</td></tr></tbody></table></div>
${open ? html`<form method="post" action="/_stripe/invoice/${encodeURIComponent(invoice.id)}/pay"><button class="primary" type="submit">Pay ${money(Number(invoice.amount_remaining), currency)}</button></form>` : ''}
<p><a href="${siteUrl}">${open ? 'Back to the site' : 'Back to the site: your plan and billing'}</a></p>`;
  return standalonePage(`Invoice ${String(invoice.number)} · local Stripe emulator`, PAGE_STYLE, body);
}

export function missingInvoicePage(): string {
  return standalonePage('Invoice not found', PAGE_STYLE, html`<h1>No such invoice</h1><p>This invoice does not exist.</p>`);
}
