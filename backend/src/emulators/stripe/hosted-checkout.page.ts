import { html, standalonePage } from '../../platform/common/html';
import { money, PAGE_STYLE } from './emulator-pages';
import type { StripeObject } from './emulator-store';
import type { CheckoutLine } from './hosted-checkout';
import { addressFields, taxRows } from './hosted-checkout-address.page';

/** The emulator's stand-in for Stripe's hosted checkout page, with every choice a test or a developer needs. */
export function hostedCheckoutPage(view: {
  session: StripeObject;
  lines: CheckoutLine[];
  email: string;
  notice?: string;
  action: (choice: string) => string;
}): string {
  const { session, lines, notice } = view;
  const currency = String(session.currency ?? 'usd');
  const total = money(Number(session.amount_total ?? 0), currency);
  const open = session.status === 'open';
  const pending = session.status === 'complete' && session.payment_status === 'unpaid';
  const subscription = session.mode === 'subscription';
  const fields = addressFields(session);
  const discount = Number((session.total_details as { amount_discount?: number } | null)?.amount_discount ?? 0);
  const discountRow = discount
    ? html`<tr><td>Discount (${String(session.discount_label_emulator ?? '')})</td><td class="amount">−${money(discount, currency)}</td></tr>`
    : '';
  const trialDays = (session.subscription_data_emulator as { trial_period_days?: number } | null)?.trial_period_days;
  // A trial saves the card for later: which test card, so a test can reuse one card across customers.
  const card = trialDays
    ? html`<label for="card">Card</label><select id="card" name="card"><option value="pm_card_visa">Visa 4242 4242 4242 4242</option><option value="pm_card_mastercard">Mastercard 5555 5555 5555 4444</option><option value="pm_card_chargeCustomerFail">Visa 4000 0000 0000 0341 (declines later charges)</option></select>`
    : '';
  const rows = lines.map(({ price, productName, quantity }) => {
    const each = Number(price.unit_amount);
    const detail = `Qty ${quantity}${quantity > 1 ? ` · ${money(each, currency)} each` : ''}${subscription ? ' · billed monthly' : ''}`;
    return html`<tr><td>${productName}<br><small>${detail}</small></td><td class="amount">${money(each * quantity, currency)}</td></tr>`;
  });
  const body = html`<span class="badge">Test mode · local Stripe emulator</span>
<h1>${open ? (subscription ? `Subscribe: ${total} a month` : `Pay ${total}`) : pending ? 'Payment pending' : `Checkout ${String(session.status)}`}</h1>
<p>No real card is charged; choose what the payment should do.</p>
${trialDays ? html`<p>${trialDays} days free, then ${total} a month.</p>` : ''}
${notice ? html`<div class="notice" role="alert">${notice}</div>` : ''}
<div class="card"><table><tbody>${rows}${discountRow}${taxRows(session, currency)}<tr class="total"><td>Total${subscription ? ' per month' : ''}</td><td class="amount">${total}</td></tr></tbody></table></div>
${
  open
    ? html`<form method="post" action="${view.action('pay')}"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${view.email}">${card}${fields}${fields ? html`<button type="submit" formaction="${view.action('address')}">Update total</button>` : ''}<button class="primary" type="submit">${subscription ? 'Subscribe' : `Pay ${total}`}</button>${subscription || !fields ? '' : html`<button type="submit" formaction="${view.action('pay-later')}">Pay later (bank transfer)</button>`}</form>
<form method="post" action="${view.action('decline')}"><button type="submit">Decline the card</button></form>
${subscription || fields ? '' : html`<form method="post" action="${view.action('pay-later')}"><button type="submit">Pay later (bank transfer)</button></form>`}
<form method="post" action="${view.action('cancel')}"><button type="submit">Cancel and go back</button></form>`
    : pending
      ? html`<p>The customer chose to pay later. Settle or fail the payment to send the webhook Stripe would send.</p>
<form method="post" action="${view.action('settle')}"><button class="primary" type="submit">Settle the payment</button></form>
<form method="post" action="${view.action('fail-payment')}"><button type="submit">Fail the payment</button></form>`
      : html`<p><a href="${String(session.success_url ?? '/')}">Back to the site</a></p>`
}`;
  return standalonePage('Checkout · local Stripe emulator', PAGE_STYLE, body);
}

export function missingCheckoutPage(): string {
  return standalonePage('Checkout not found', PAGE_STYLE, html`<h1>No such checkout</h1><p>This checkout session does not exist.</p>`);
}
