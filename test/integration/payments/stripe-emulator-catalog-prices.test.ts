import { Client } from 'pg';
import Stripe from 'stripe';
import { prepareDatabase } from '../../../backend/src/prepare-database';
import { readCatalog } from '../../../backend/src/modules/catalog/catalog-seed';
import { stripePriceLookupKey } from '../../../backend/src/emulators/stripe/stripe-price-lookup-key';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { emulatorStripe } from '../../support/emulator-client';

// Its own database: this suite restarts the api and deactivates catalog prices, which the shared one must not see.
let databaseUrl: string;
let api: TestApi | undefined;
beforeAll(async () => {
  databaseUrl = await createTestDatabase('emuprices');
  await prepareDatabase({ DATABASE_URL: databaseUrl });
});
afterAll(async () => {
  await api?.close();
  await dropTestDatabase(databaseUrl);
});

const start = async () => {
  api = await startTestApi({ env: { DATABASE_URL: databaseUrl, QUEUE_PREFIX: uniqueQueuePrefix('emuprices') } });
  return emulatorStripe(api.url);
};
const restart = async () => {
  await api?.close();
  return start();
};
const priced = () => readCatalog().filter((resource) => (resource.priceCents ?? 0) > 0);

async function sql<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
const countObjects = async (object: string) =>
  Number((await sql<{ count: string }>('select count(*) from stripe_emulator_objects where object = $1', [object]))[0]!.count);

async function pricesByKey(stripe: Stripe): Promise<Map<string, Stripe.Price[]>> {
  const keys = priced().map((resource) => stripePriceLookupKey(resource.id));
  const byKey = new Map<string, Stripe.Price[]>(keys.map((key) => [key, []]));
  for (let i = 0; i < keys.length; i += 10) {
    const page = await stripe.prices.list({ lookup_keys: keys.slice(i, i + 10), limit: 100 });
    for (const price of page.data) byKey.get(price.lookup_key!)!.push(price);
  }
  return byKey;
}

describe('the emulator’s catalog prices', () => {
  it('has a product and an active price for every priced catalog resource, monthly ones recurring', async () => {
    const stripe = await start();
    expect(stripePriceLookupKey('pro-monthly')).toBe('sculpt_pro-monthly');
    const byKey = await pricesByKey(stripe);
    for (const resource of priced()) {
      const [price, ...more] = byKey.get(stripePriceLookupKey(resource.id))!;
      expect(more).toEqual([]);
      const billing = (resource.metadata as { billingInterval?: string }).billingInterval;
      const interval = billing === 'month' || billing === 'year' ? billing : null;
      expect(price).toMatchObject({
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: resource.priceCents,
        type: interval ? 'recurring' : 'one_time',
        recurring: interval ? { interval, interval_count: 1 } : null,
      });
      const product = await stripe.products.retrieve(String(price!.product));
      expect(product).toMatchObject({ object: 'product', name: resource.title, active: true, default_price: price!.id, metadata: { resourceId: resource.id } });
    }
    expect(byKey.has(stripePriceLookupKey('zettelkasten-starter-templates'))).toBe(false);
  });

  it('makes nothing twice on a restart, and leaves a deactivated price deactivated', async () => {
    let stripe = await restart();
    const [before] = (await stripe.prices.list({ lookup_keys: [stripePriceLookupKey('credits-100k')] })).data;
    await stripe.prices.update(before!.id, { active: false });
    const [prices, products] = [await countObjects('price'), await countObjects('product')];
    stripe = await restart();
    expect([await countObjects('price'), await countObjects('product')]).toEqual([prices, products]);
    expect((await stripe.prices.list({ lookup_keys: [stripePriceLookupKey('credits-100k')] })).data).toEqual([
      expect.objectContaining({ id: before!.id, active: false }),
    ]);
    expect((await stripe.prices.list({ lookup_keys: [stripePriceLookupKey('credits-100k')], active: true })).data).toEqual([]);
    expect(prices).toBe(priced().length);
  });

  it('two apis starting at once against one database still make one price per resource', async () => {
    await api?.close();
    await sql("delete from stripe_emulator_objects where object in ('price', 'product')");
    const both = await Promise.all([1, 2].map(() => startTestApi({ env: { DATABASE_URL: databaseUrl, QUEUE_PREFIX: uniqueQueuePrefix('emuprices') } })));
    api = both[0];
    await both[1]!.close();
    expect([await countObjects('price'), await countObjects('product')]).toEqual([priced().length, priced().length]);
  });
});
