import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { html, standalonePage } from '../../../common/html';
import type { StripeObject } from './emulator-store';

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f8fa;color:#1a1f36}
main{max-width:460px;margin:0 auto;padding:40px 20px}.badge{display:inline-block;font-size:12px;font-weight:600;color:#8a6d00;background:#fff4cc;border-radius:6px;padding:2px 8px}
h1{font-size:22px;margin:12px 0 4px}p{margin:0 0 12px;color:#4f566b}.card{background:#fff;border:1px solid #e3e8ee;border-radius:12px;padding:20px;margin:20px 0}
table{width:100%;border-collapse:collapse}td{padding:6px 0}td.amount{text-align:right}tr.total td{border-top:1px solid #e3e8ee;font-weight:600;padding-top:12px}
label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cfd7df;border-radius:8px}
button{width:100%;font:inherit;font-weight:600;border-radius:8px;padding:12px;margin-top:12px;cursor:pointer;border:1px solid #cfd7df;background:#fff;color:#1a1f36}
button.primary{background:#635bff;border-color:#635bff;color:#fff}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #a5a0ff;outline-offset:2px}
.notice{border-radius:8px;padding:10px 12px;margin:16px 0;background:#fff0f0;border:1px solid #f5c2c7;color:#8b1a1a}a{color:#635bff}`;

const amount = (cents: number, currency: string) => formatMoney(cents, currency.toUpperCase());

/** The emulator's stand-in for Stripe's hosted checkout page, with every choice a test or a developer needs. */
export function hostedCheckoutPage(view: { session: StripeObject; lines: Array<{ price: StripeObject; quantity: number }>; notice?: string; action: (choice: string) => string }): string {
  const { session, lines, notice } = view;
  const currency = String(session.currency ?? 'usd');
  const total = amount(Number(session.amount_total ?? 0), currency);
  const open = session.status === 'open';
  const pending = session.status === 'complete' && session.payment_status === 'unpaid';
  const subscription = session.mode === 'subscription';
  const rows = lines.map(({ price, quantity }) => {
    const each = Number(price.unit_amount);
    const label = `${String(price.nickname ?? price.product)}${quantity > 1 ? ` × ${quantity}` : ''}`;
    return html`<tr><td>${label}${subscription ? ' (monthly)' : ''}</td><td class="amount">${amount(each * quantity, currency)}</td></tr>`;
  });
  const body = html`<span class="badge">Test mode · local Stripe emulator</span>
<h1>${open ? (subscription ? `Subscribe: ${total} a month` : `Pay ${total}`) : pending ? 'Payment pending' : `Checkout ${String(session.status)}`}</h1>
<p>No real card is charged; choose what the payment should do.</p>
${notice ? html`<div class="notice" role="alert">${notice}</div>` : ''}
<div class="card"><table><tbody>${rows}<tr class="total"><td>Total${subscription ? ' per month' : ''}</td><td class="amount">${total}</td></tr></tbody></table></div>
${
  open
    ? html`<form method="post" action="${view.action('pay')}"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${String(session.customer_email ?? '')}"><button class="primary" type="submit">${subscription ? 'Subscribe' : `Pay ${total}`}</button></form>
<form method="post" action="${view.action('decline')}"><button type="submit">Decline the card</button></form>
${subscription ? '' : html`<form method="post" action="${view.action('pay-later')}"><button type="submit">Pay later (bank transfer)</button></form>`}
<form method="post" action="${view.action('cancel')}"><button type="submit">Cancel and go back</button></form>`
    : pending
      ? html`<p>The customer chose to pay later. Settle or fail the payment to send the webhook Stripe would send.</p>
<form method="post" action="${view.action('settle')}"><button class="primary" type="submit">Settle the payment</button></form>
<form method="post" action="${view.action('fail-payment')}"><button type="submit">Fail the payment</button></form>`
      : html`<p><a href="${String(session.success_url ?? '/')}">Back to the site</a></p>`
}`;
  return standalonePage('Checkout · local Stripe emulator', STYLE, body);
}

export function missingCheckoutPage(): string {
  return standalonePage('Checkout not found', STYLE, html`<h1>No such checkout</h1><p>This checkout session does not exist.</p>`);
}
