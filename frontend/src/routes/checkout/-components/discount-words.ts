import type { CheckoutDiscount } from '@contracts/promotions/checkout-discount';

/** How long a discount lasts, in the buyer's words: a subscription keeps it for some charges, a one-time purchase has one. */
export function discountDuration(discount: Pick<CheckoutDiscount, 'duration'>, mode: 'payment' | 'subscription'): string {
  if (mode === 'payment') return '';
  const { duration } = discount;
  if (duration.kind === 'once') return 'on your first payment';
  if (duration.kind === 'forever') return 'on every payment';
  return duration.months === 1 ? 'for your first month' : `for your first ${duration.months} months`;
}

/** What the discount line is called: the code typed (and a sale taken with it), or the sale's name. */
export const discountLabel = (discount: Pick<CheckoutDiscount, 'code' | 'name' | 'stackedWith'>) =>
  discount.code ? `Code ${discount.code}${discount.stackedWith ? ` + ${discount.stackedWith.name}` : ''}` : discount.name;
