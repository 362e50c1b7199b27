import { html, standalonePage } from '../../platform/common/html';
import { money, PAGE_STYLE, when } from './emulator-pages';
import type { StripeObject } from './emulator-store';

interface Item {
  price: { unit_amount: number; currency: string; nickname: string | null; product: string; recurring: { interval: string } };
  current_period_end: number;
}

/** The emulator's stand-in for Stripe's customer portal: the customer's subscriptions and how to end them. */
export function billingPortalPage(view: {
  session: StripeObject;
  customer: StripeObject | undefined;
  subscriptions: StripeObject[];
  /** Product names by id: the portal names a plan by its product, as Stripe's does. */
  productNames: ReadonlyMap<string, string>;
  action: (subscriptionId: string, choice: string) => string;
}): string {
  const { session, customer, subscriptions } = view;
  const cards = subscriptions.map((subscription) => {
    const item = (subscription.items as { data: Item[] }).data[0]!;
    const name = view.productNames.get(item.price.product) ?? item.price.nickname ?? item.price.product;
    const live = subscription.status !== 'canceled';
    const button = (choice: string, label: string, primary = false) =>
      html`<form method="post" action="${view.action(subscription.id, choice)}"><button${primary ? html` class="primary"` : ''} type="submit">${label}<span class="visually-hidden"> (${name})</span></button></form>`;
    return html`<section class="card" aria-label="${name}"><h2>${name}</h2>
<p>${money(item.price.unit_amount, item.price.currency)} a ${item.price.recurring.interval} · ${String(subscription.status)}</p>
<p>${!live ? `Ended ${when(subscription.ended_at)}.` : subscription.cancel_at_period_end ? `Cancels ${when(subscription.cancel_at)}.` : `Renews ${when(item.current_period_end)}.`}</p>
${live ? (subscription.cancel_at_period_end ? button('keep', 'Keep subscription', true) : button('cancel-at-period-end', 'Cancel at period end')) : ''}
${live ? button('cancel-now', 'Cancel now') : ''}</section>`;
  });
  const body = html`<span class="badge">Test mode · local Stripe emulator</span>
<h1>Your subscriptions</h1>
<p>${customer?.email ? `Signed in as ${String(customer.email)}.` : ''}</p>
${cards.length > 0 ? cards : html`<p>There are no subscriptions on this account.</p>`}
${session.return_url ? html`<p><a href="${String(session.return_url)}">Return to the site</a></p>` : ''}`;
  return standalonePage('Billing · local Stripe emulator', `${PAGE_STYLE}h2{font-size:18px;margin:0 0 4px}`, body);
}

export function missingPortalPage(): string {
  return standalonePage('Billing session not found', PAGE_STYLE, html`<h1>No such billing session</h1><p>This billing portal session does not exist.</p>`);
}
