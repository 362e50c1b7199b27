import { html, standalonePage } from '../../platform/common/html';
import { money, PAGE_STYLE, when } from './emulator-pages';
import type { StripeObject } from './emulator-store';

const STYLE = `${PAGE_STYLE}main{max-width:720px}h2{font-size:18px;margin:28px 0 0}ul{list-style:none;margin:0;padding:0}
.card{margin:12px 0}.card h3{font-size:15px;margin:0 0 4px;word-break:break-all}.actions{display:flex;flex-wrap:wrap;gap:8px}.actions form{flex:1 1 140px}
.actions button{margin-top:8px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0;font-size:14px}dt{color:#4f566b}dd{margin:0;word-break:break-all}
.notice{background:#eef7ee;border-color:#b7dbb7;color:#1d4d1d}`;

interface Item {
  price: { unit_amount: number; currency: string };
  current_period_end: number;
}

/**
 * The emulator's dev trigger page: what Stripe would do on its own (renewals, failed cards,
 * refunds, disputes), on demand, to the latest subscriptions and paid charges.
 */
export function devTriggersPage(view: { subscriptions: StripeObject[]; charges: StripeObject[]; clocks: Map<string, number>; notice?: string }): string {
  const button = (path: string, label: string, subject: string) =>
    html`<form method="post" action="/_stripe/dev/${path}"><button type="submit">${label}<span class="visually-hidden"> ${subject}</span></button></form>`;
  const subscriptions = view.subscriptions.map((subscription) => {
    const item = (subscription.items as { data: Item[] }).data[0]!;
    const path = `subscriptions/${encodeURIComponent(subscription.id)}`;
    const live = subscription.status !== 'canceled';
    return html`<li class="card"><h3>${subscription.id}</h3><dl>
<dt>Status</dt><dd>${String(subscription.status)}${subscription.cancel_at_period_end ? ' (cancels at period end)' : ''}</dd>
<dt>Customer</dt><dd>${String(subscription.customer)}</dd>
<dt>Price</dt><dd>${money(item.price.unit_amount, item.price.currency)}</dd>
<dt>Current period end</dt><dd>${when(item.current_period_end)}</dd>
<dt>Test clock</dt><dd>${view.clocks.has(String(subscription.customer)) ? when(view.clocks.get(String(subscription.customer))) : 'none yet (real time)'}</dd>
${subscription.status === 'past_due' && subscription.latest_invoice ? html`<dt>Open invoice</dt><dd><a href="/_stripe/invoice/${encodeURIComponent(String(subscription.latest_invoice))}">Pay ${String(subscription.latest_invoice)}</a></dd>` : ''}
</dl>${
      live
        ? html`<div class="actions">${subscription.status === 'active' ? [button(`${path}/renew`, 'Renew now', subscription.id), button(`${path}/fail-renewal`, 'Fail renewal', subscription.id)] : ''}${subscription.status === 'past_due' ? button(`${path}/retry-payment`, 'Retry payment', subscription.id) : ''}${button(`${path}/cancel`, 'Cancel', subscription.id)}</div>`
        : ''
    }</li>`;
  });
  const charges = view.charges.map((charge) => {
    const path = `charges/${encodeURIComponent(charge.id)}`;
    const currency = String(charge.currency);
    return html`<li class="card"><h3>${charge.id}</h3><dl>
<dt>Amount</dt><dd>${money(Number(charge.amount), currency)}${Number(charge.amount_refunded) > 0 ? ` (${money(Number(charge.amount_refunded), currency)} refunded)` : ''}</dd>
<dt>Customer</dt><dd>${String(charge.customer ?? '—')}</dd>
<dt>For</dt><dd>${String(charge.description ?? 'One-time payment')}</dd>
<dt>Created</dt><dd>${when(charge.created)}</dd>
${charge.disputed ? html`<dt>Dispute</dt><dd>Disputed</dd>` : ''}
</dl>${charge.refunded || charge.disputed ? '' : html`<div class="actions">${button(`${path}/refund`, 'Refund', charge.id)}${button(`${path}/dispute`, 'Dispute', charge.id)}</div>`}</li>`;
  });
  const body = html`<span class="badge">Test mode · local Stripe emulator</span>
<h1>Stripe dev triggers</h1>
<p>Make Stripe do now what it would do later, and send its webhooks. Renewals move the customer's test clock to the period end (a clock is made at the current time on first use), so Stripe's time moves, not only the period. Every button is also a POST that answers JSON to a client that accepts it.</p>
${view.notice ? html`<div class="notice" role="status">${view.notice}</div>` : ''}
<h2>Subscriptions</h2>
${subscriptions.length > 0 ? html`<ul>${subscriptions}</ul>` : html`<p>No subscriptions yet.</p>`}
<h2>Paid charges</h2>
${charges.length > 0 ? html`<ul>${charges}</ul>` : html`<p>No paid charges yet.</p>`}`;
  return standalonePage('Stripe dev triggers · local Stripe emulator', STYLE, body);
}
