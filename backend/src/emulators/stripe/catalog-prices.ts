import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { EmulatorStore, type StripeObject } from './emulator-store';
import { stripePriceLookupKey } from './stripe-price-lookup-key';
import { priceObject, productObject } from './stripe-objects';

interface PricedResource {
  id: string;
  title: string;
  stripe_description: string | null;
  price_cents: number;
  metadata: { billingInterval?: unknown } | null;
}

/**
 * Gives the emulator, when the api starts, what a Stripe account set up for the site has: a
 * product and an active price for every priced catalog resource, found by its lookup key.
 * Idempotent: a resource whose price exists is left alone, and a price someone deactivated stays
 * deactivated (that is how a test or a developer takes a price away).
 */
@Injectable()
export class CatalogPrices implements OnApplicationBootstrap {
  constructor(
    private readonly orm: MikroORM,
    private readonly store: EmulatorStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensure();
  }

  /** Returns the prices it created. */
  async ensure(): Promise<StripeObject[]> {
    return this.orm.em.fork().transactional(async (em) => {
      // Several api processes may start against one database at once.
      await this.store.lock('stripe-emulator:catalog-prices', em);
      const resources = await em.execute<PricedResource[]>(
        'select id, title, stripe_description, price_cents, metadata from resources where price_cents > 0 order by sort_order, id',
      );
      const created = [];
      for (const resource of resources) {
        const key = stripePriceLookupKey(resource.id);
        const [existing] = await this.store.find('price', { lookup_key: key }, em);
        if (existing) continue;
        const product = await this.productFor(resource, em);
        const interval = resource.metadata?.billingInterval;
        const recurring = interval === 'month' || interval === 'year' ? { interval: interval as 'month' | 'year' } : null;
        const price = await this.store.put(
          priceObject({
            currency: 'usd',
            unit_amount: resource.price_cents,
            product: product.id,
            lookup_key: key,
            metadata: { resourceId: resource.id },
            ...(recurring ? { recurring } : {}),
          }) as StripeObject,
          em,
        );
        if (!product.default_price) await this.store.put({ ...product, default_price: price.id }, em);
        created.push(price);
      }
      return created;
    });
  }

  private async productFor(resource: PricedResource, em: EntityManager): Promise<StripeObject> {
    const [product] = await this.store.find('product', { metadata: { resourceId: resource.id } }, em);
    return (
      product ??
      this.store.put(
        productObject({ name: resource.title, description: resource.stripe_description, metadata: { resourceId: resource.id } }) as StripeObject,
        em,
      )
    );
  }
}
