import { stripeId, template, type Fixture } from './stripe-objects';

/** One line of a proration: the unused time of what is left, or the remaining time of what replaces it. */
export interface ProrationLine {
  amount: number;
  description: string;
  price: Fixture;
  quantity: number;
  period: { start: number; end: number };
  /** False for a new period's full charge (a change of billing interval), which is no proration. */
  proration?: boolean;
}

const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * Stripe's proration for a change of price or quantity at `at` within the period: a credit for
 * the unused time of the old item and a charge for the remaining time of the new one, each
 * prorated to the second and rounded to the cent, as Stripe's invoice lines show them.
 */
export function prorationLines(change: {
  period: { start: number; end: number };
  at: number;
  from: { price: Fixture; quantity: number; name: string };
  to: { price: Fixture; quantity: number; name: string };
}): ProrationLine[] {
  const { period, at, from, to } = change;
  const fraction = (period.end - at) / (period.end - period.start);
  const remaining = { start: at, end: period.end };
  const label = (quantity: number, name: string) => (quantity === 1 ? name : `${quantity} × ${name}`);
  return [
    {
      amount: -Math.round((from.price.unit_amount as number) * from.quantity * fraction),
      description: `Unused time on ${label(from.quantity, from.name)} after ${day(at)}`,
      price: from.price,
      quantity: from.quantity,
      period: remaining,
    },
    {
      amount: Math.round((to.price.unit_amount as number) * to.quantity * fraction),
      description: `Remaining time on ${label(to.quantity, to.name)} after ${day(at)}`,
      price: to.price,
      quantity: to.quantity,
      period: remaining,
    },
  ];
}

/**
 * Stripe's change to a price of another billing interval (monthly → yearly): the billing cycle
 * anchor resets to `at`, so the unused time of the old item is credited and the new price is
 * charged in full for the new period that starts then.
 */
export function intervalChangeLines(change: {
  period: { start: number; end: number };
  at: number;
  newPeriodEnd: number;
  from: { price: Fixture; quantity: number; name: string };
  to: { price: Fixture; quantity: number; name: string };
}): ProrationLine[] {
  const { to } = change;
  const [unused] = prorationLines({ ...change, to: change.from });
  const unit = to.price.unit_amount as number;
  const interval = (to.price.recurring as { interval: string }).interval;
  const amount = `$${(unit / 100).toFixed(2)}`;
  return [
    unused!,
    {
      amount: unit * to.quantity,
      description: `${to.quantity} × ${to.name} (at ${amount} / ${interval})`,
      price: to.price,
      quantity: to.quantity,
      period: { start: change.at, end: change.newPeriodEnd },
      proration: false,
    },
  ];
}

/** Invoice line items for prorations, in Stripe's shape (parent.subscription_item_details.proration = true). */
export function prorationLineObjects(lines: ProrationLine[], invoiceId: string, subscription: Fixture, itemId: string): Fixture[] {
  const metadata = (subscription.metadata ?? {}) as Record<string, string>;
  return lines.map((line) => ({
    ...template('line_item'),
    id: stripeId('il'),
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    invoice: invoiceId,
    metadata,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: stripeId('ii'),
        proration: line.proration ?? true,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: itemId,
      },
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: line.price.id, product: line.price.product },
      unit_amount_decimal: line.price.unit_amount_decimal,
    },
    quantity: line.quantity,
    subscription: subscription.id,
    subtotal: line.amount,
    taxes: [],
  }));
}
