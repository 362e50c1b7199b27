import type { Resource } from '../../../../contracts/catalog/resource';
import type { PriceBook } from '../../integrations/stripe';
import type { AccountReads } from './checkout.queries';
import type { DiscountAsk } from './checkout-discounts';

/** What a discount is asked for, on the page and at checkout alike: the Stripe price for the quantity, before tax. */
export async function discountAskFor(
  deps: { prices: PriceBook; reads: AccountReads },
  userId: string,
  resource: Resource,
  quantity: number,
  code: string | null,
): Promise<DiscountAsk> {
  const [price, hasPaidBefore] = await Promise.all([deps.prices.priceFor(resource.id), deps.reads.hasPaid(userId)]);
  return {
    userId,
    resourceId: resource.id,
    amountCents: (price?.unitAmount ?? Math.max(0, resource.priceCents ?? 0)) * quantity,
    currency: price?.currency ?? 'usd',
    code,
    hasPaidBefore,
    at: new Date().toISOString(),
  };
}
