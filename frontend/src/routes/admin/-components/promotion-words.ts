import type { PromotionRow } from '@contracts/admin/promotions.contract';
import { formatMoney } from '@contracts/catalog/number-format';
import type { PromotionDiscount, PromotionDuration, PromotionTerms } from '@contracts/promotions/promotion-terms';
import { formatDayTime } from '../../../lib/dates';

/** The store's currency: amounts the owner types are in it. */
export const STORE_CURRENCY = 'usd';

/** "20% off", "$5.00 off". */
export function discountWords(discount: PromotionDiscount): string {
  return discount.type === 'percent' ? `${discount.percentOff}% off` : `${formatMoney(discount.amountOffCents, discount.currency)} off`;
}

/** "first charge", "3 months", "every charge". */
export function durationWords(duration: PromotionDuration): string {
  if (duration.kind === 'once') return 'first charge';
  if (duration.kind === 'forever') return 'every charge';
  return duration.months === 1 ? '1 month' : `${duration.months} months`;
}

/** "All products", or the titles of the products it is for (an id the catalog no longer has, as is). */
export function productWords(productIds: readonly string[], titles: ReadonlyMap<string, string>): string {
  if (productIds.length === 0) return 'All products';
  return productIds.map((id) => titles.get(id) ?? id).join(', ');
}

/** Redemptions against the limit, then each condition a checkout must meet. */
export function limitWords(row: Pick<PromotionRow, 'terms' | 'redeemed'>): string[] {
  const { terms } = row;
  const currency = terms.discount.type === 'amount' ? terms.discount.currency : STORE_CURRENCY;
  return [
    terms.maxRedemptions === null ? `${row.redeemed} redeemed, no limit` : `${row.redeemed} of ${terms.maxRedemptions} redeemed`,
    ...(terms.oncePerCustomer ? ['once per customer'] : []),
    ...(terms.firstPurchaseOnly ? ['first purchase only'] : []),
    ...(terms.minimumAmountCents !== null ? [`minimum ${formatMoney(terms.minimumAmountCents, currency)}`] : []),
  ];
}

/** "From … until …", "Until …", "From …", or "No end date". */
export function windowWords(terms: Pick<PromotionTerms, 'startsAt' | 'endsAt'>): string {
  if (terms.startsAt && terms.endsAt) return `${formatDayTime(terms.startsAt)} to ${formatDayTime(terms.endsAt)}`;
  if (terms.endsAt) return `Until ${formatDayTime(terms.endsAt)}`;
  if (terms.startsAt) return `From ${formatDayTime(terms.startsAt)}, no end date`;
  return 'No end date';
}

export const STATUS_WORDS: Record<PromotionRow['status'], string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  ended: 'Ended',
  expired: 'Expired',
  used_up: 'Used up',
};
