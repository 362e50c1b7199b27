import type { StripeClient } from './stripe-client';

/** How a catalog resource's Stripe price is found: its lookup key, set on the price in Stripe. */
export const stripePriceLookupKey = (resourceId: string) => `sculpt_${resourceId}`;

const CACHE_MS = 60_000;

export interface ConfiguredPrice {
  id: string;
  unitAmount: number | null;
  currency: string;
  recurring: boolean;
}

/** The active Stripe price of each resource, looked up by lookup key and kept for a minute. */
export class PriceBook {
  private readonly cache = new Map<string, { price: ConfiguredPrice | null; until: number }>();

  constructor(private readonly stripe: StripeClient) {}

  async priceFor(resourceId: string): Promise<ConfiguredPrice | null> {
    const cached = this.cache.get(resourceId);
    if (cached && cached.until > Date.now()) return cached.price;
    const list = await this.stripe.api.prices.list({ lookup_keys: [stripePriceLookupKey(resourceId)], active: true, limit: 1 });
    const found = list.data[0];
    const price = found ? { id: found.id, unitAmount: found.unit_amount, currency: found.currency, recurring: found.type === 'recurring' } : null;
    this.cache.set(resourceId, { price, until: Date.now() + CACHE_MS });
    return price;
  }
}
