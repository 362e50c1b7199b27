import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { startTestApi, type TestApi } from '../../support/test-api';
import { emulatorStripe } from '../../support/emulator-client';

let api: TestApi;
let stripe: Stripe;
beforeAll(async () => {
  api = await startTestApi();
  stripe = emulatorStripe(api.url);
});
afterAll(() => api.close());

const unique = (label: string) => `${label}_${randomUUID().slice(0, 8)}`;

describe('the Stripe emulator’s prices: list and update', () => {
  it('lists prices by lookup key in Stripe’s list envelope', async () => {
    const [a, b] = [unique('a'), unique('b')];
    const first = await stripe.prices.create({ currency: 'usd', unit_amount: 900, product: 'prod_list', lookup_key: a, recurring: { interval: 'month' } });
    const second = await stripe.prices.create({ currency: 'usd', unit_amount: 19900, product: 'prod_list', lookup_key: b });
    const listed = await stripe.prices.list({ lookup_keys: [a, b] });
    expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(listed.data.map((price) => price.id).sort()).toEqual([first.id, second.id].sort());
    expect(listed.data.find((price) => price.id === first.id)).toEqual(first);
    expect((await stripe.prices.list({ lookup_keys: [unique('nobody')] })).data).toEqual([]);
  });

  it('reads the query as the SDK and as curl write arrays (lookup_keys[0] and lookup_keys[])', async () => {
    const key = unique('curl');
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: 'prod_list', lookup_key: key });
    const response = await fetch(`${api.url}/v1/prices?lookup_keys[]=${key}&active=true`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(((await response.json()) as { data: Array<{ id: string }> }).data.map((p) => p.id)).toEqual([price.id]);
  });

  it('pages with limit and starting_after', async () => {
    const product = unique('prod');
    const prices = [];
    for (let i = 0; i < 3; i += 1) prices.push(await stripe.prices.create({ currency: 'usd', unit_amount: 100 + i, product }));
    const firstPage = await stripe.prices.list({ product, limit: 2 });
    expect(firstPage.has_more).toBe(true);
    const secondPage = await stripe.prices.list({ product, limit: 2, starting_after: firstPage.data[1]!.id });
    expect(secondPage.has_more).toBe(false);
    expect([...firstPage.data, ...secondPage.data].map((p) => p.unit_amount).sort()).toEqual([100, 101, 102]);
  });

  it('deactivates a price: it leaves active=true lists, and stays listed with active=false', async () => {
    const key = unique('deactivate');
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 4900, product: 'prod_list', lookup_key: key });
    const updated = await stripe.prices.update(price.id, { active: false, nickname: 'Old price', metadata: { reason: 'replaced' } });
    expect(updated).toMatchObject({ id: price.id, object: 'price', active: false, nickname: 'Old price', metadata: { reason: 'replaced' }, unit_amount: 4900 });
    expect(Object.keys(updated).sort()).toEqual(Object.keys(price).sort());
    expect((await stripe.prices.list({ lookup_keys: [key], active: true })).data).toEqual([]);
    expect((await stripe.prices.list({ lookup_keys: [key], active: false })).data.map((p) => p.id)).toEqual([price.id]);
    expect(await stripe.prices.retrieve(price.id)).toEqual(updated);
  });

  it('merges metadata on update; an empty value removes a key', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: 'prod_list', metadata: { keep: '1', drop: '2' } });
    expect((await stripe.prices.update(price.id, { metadata: { drop: '', add: '3' } })).metadata).toEqual({ keep: '1', add: '3' });
  });

  it('keeps a lookup key on one price unless transfer_lookup_key moves it', async () => {
    const key = unique('moving');
    const old = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: 'prod_list', lookup_key: key });
    await expect(stripe.prices.create({ currency: 'usd', unit_amount: 200, product: 'prod_list', lookup_key: key })).rejects.toMatchObject({
      statusCode: 400,
      param: 'lookup_key',
    });
    const replacement = await stripe.prices.create({ currency: 'usd', unit_amount: 200, product: 'prod_list', lookup_key: key, transfer_lookup_key: true });
    expect((await stripe.prices.list({ lookup_keys: [key] })).data.map((p) => p.id)).toEqual([replacement.id]);
    expect((await stripe.prices.retrieve(old.id)).lookup_key).toBeNull();
  });

  it('refuses an unknown price, unknown parameters and more than 10 lookup keys', async () => {
    await expect(stripe.prices.update('price_missing', { active: false })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: 'prod_list' });
    await expect(stripe.prices.update(price.id, { unit_amount: 5 } as never)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('unit_amount'),
    });
    await expect(stripe.prices.list({ lookup_keys: Array.from({ length: 11 }, (_, i) => `k${i}`) })).rejects.toMatchObject({
      statusCode: 400,
      param: 'lookup_keys',
    });
  });
});
