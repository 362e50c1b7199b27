import { formatMoney } from '@contracts/catalog/number-format';
import type { RunningSale } from '@contracts/promotions/running-sales.contract';

/** What a sale takes off and for how long, in a customer's words: "20% off your first 3 months". */
export function saleOffer(sale: Pick<RunningSale, 'discount' | 'duration'>): string {
  const off =
    sale.discount.type === 'percent' ? `${sale.discount.percentOff}% off` : `${formatMoney(sale.discount.amountOffCents, sale.discount.currency)} off`;
  const { duration } = sale;
  if (duration.kind === 'forever') return off;
  if (duration.kind === 'once') return `${off} your first payment`;
  return `${off} your first ${duration.months === 1 ? 'month' : `${duration.months} months`}`;
}

/** Which products a sale is for, by their titles; every paid product when it names none. */
export function saleProducts(sale: Pick<RunningSale, 'productIds'>, titles: ReadonlyMap<string, string>): string {
  const named = sale.productIds.map((id) => titles.get(id)).filter((title): title is string => title !== undefined);
  if (sale.productIds.length === 0 || named.length === 0) return 'everything';
  if (named.length === 1) return named[0]!;
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}
