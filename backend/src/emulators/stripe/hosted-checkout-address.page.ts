import { html, type SafeHtml } from '../../platform/common/html';
import { money } from './emulator-pages';
import type { StripeObject } from './emulator-store';
import { collectsAddress, collectsTaxId, PRESELECTED_COUNTRY, type Collected } from './checkout-address';
import type { LineTax } from './emulator-tax';
import { CHECKOUT_COUNTRIES } from './tax-table';

/** The tax rows of the checkout's summary: one per rate once the address is known, else a note that it is needed. */
export function taxRows(session: StripeObject, currency: string): SafeHtml[] {
  const automatic = session.automatic_tax as { enabled?: boolean; status?: string | null } | null;
  if (!automatic?.enabled) return [];
  const subtotal = html`<tr><td>Subtotal</td><td class="amount">${money(Number(session.amount_subtotal ?? 0), currency)}</td></tr>`;
  if (automatic.status !== 'complete') return [subtotal, html`<tr><td>Tax</td><td class="amount">Enter your address</td></tr>`];
  const breakdown = (session.tax_breakdown_emulator ?? []) as LineTax[];
  return [
    subtotal,
    ...breakdown.map((tax) => {
      const rate = tax.rate as { display_name?: string; percentage?: number; country?: string };
      const label =
        tax.taxability_reason === 'reverse_charge'
          ? `${rate.display_name ?? 'VAT'} (${rate.country ?? ''}): reverse charge`
          : tax.taxability_reason === 'not_collecting'
            ? 'Tax: not collected'
            : `${rate.display_name ?? 'Tax'} (${rate.country ?? ''} ${String(rate.percentage ?? 0)}%)`;
      return html`<tr><td>${label}</td><td class="amount">${money(tax.amount, currency)}</td></tr>`;
    }),
  ];
}

/** The billing address and business fields of the checkout's form, prefilled with what was collected. */
export function addressFields(session: StripeObject): SafeHtml | '' {
  const address = collectsAddress(session);
  const taxId = collectsTaxId(session);
  if (!address && !taxId) return '';
  const collected = (session.collected_emulator ?? null) as Collected | null;
  const at = (collected?.address ?? {}) as Record<string, string | null>;
  const required = session.billing_address_collection === 'required';
  const optional = required ? '' : ' (optional)';
  const country = at.country ?? PRESELECTED_COUNTRY;
  const input = (name: string, label: string, autocomplete: string, value: string | null | undefined, must = false) =>
    html`<label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" maxlength="200" value="${value ?? ''}"${must ? html` required` : ''}>`;
  const options = CHECKOUT_COUNTRIES.map(({ code, name }) => html`<option value="${code}"${code === country ? html` selected` : ''}>${name}</option>`);
  const business = collected?.businessName !== null && collected?.businessName !== undefined;
  const taxValue = collected?.taxIds[0]?.value ?? '';
  return html`<fieldset class="address"><legend>Billing address</legend>
<label for="country">Country or region</label><select id="country" name="country" autocomplete="country">${options}</select>
${input('line1', `Address line 1${optional}`, 'address-line1', at.line1, required)}
${input('line2', 'Address line 2 (optional)', 'address-line2', at.line2)}
${input('city', `City${optional}`, 'address-level2', at.city, required)}
${input('postal_code', `Postal code${optional}`, 'postal-code', at.postal_code, required)}
${input('name', 'Full name (optional)', 'name', collected?.name)}</fieldset>
${
  taxId
    ? html`<fieldset class="address"><legend>Business</legend>
<label class="check"><input type="checkbox" name="business" value="on"${business ? html` checked` : ''}> I'm purchasing as a business</label>
${input('business_name', 'Business name', 'organization', collected?.businessName)}
${input('tax_id', 'Tax ID (VAT or GST number)', 'off', taxValue)}</fieldset>`
    : ''
}`;
}
