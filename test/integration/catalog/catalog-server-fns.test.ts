import { KNOWN_RESOURCE_IDS } from '../../../contracts/catalog/resource';
import { seedCatalog } from '../../../backend/src/modules/catalog/catalog-seed';
import { startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function call(id: string, payload: unknown) {
  const response = await fetch(`${api.url}/_serverFn/${id}?payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('the catalog seed', () => {
  it('changes nothing when run again on an unchanged catalog', async () => {
    expect(await seedCatalog({ DATABASE_URL: api.config.DATABASE_URL })).toBe(0);
  });
});

describe('listResources', () => {
  it('lists everything with no filters, in catalog order, with counts per type', async () => {
    const { status, body } = await call('listResources', {});
    expect(status).toBe(200);
    expect(body.result.total).toBe(18);
    expect(body.result.resources[0].id).toBe(KNOWN_RESOURCE_IDS.starterMonthly);
    expect(body.result.countsByType).toMatchObject({ license: 5, bundle: 2, template: 3, session: 2, api_credits: 2 });
  });

  it("treats 'all' as no filter", async () => {
    const { body } = await call('listResources', { category: 'all', price: 'all' });
    expect(body.result.total).toBe(18);
  });

  it('filters by category', async () => {
    const { body } = await call('listResources', { category: 'ebook' });
    expect(body.result.resources.map((r: { type: string }) => r.type)).toEqual(['ebook', 'ebook']);
  });

  it('filters free resources by the spec rule', async () => {
    const { body } = await call('listResources', { price: 'free' });
    expect(body.result.resources.map((r: { id: string }) => r.id)).toEqual(['zettelkasten-starter-templates']);
  });

  it('filters paid resources: everything that is not free', async () => {
    const { body } = await call('listResources', { price: 'paid' });
    expect(body.result.total).toBe(17);
  });

  it('searches title, description and summary, case-insensitively, with the trimmed query', async () => {
    const { body } = await call('listResources', { q: '  TRANSCRIPT  ' });
    const ids = body.result.resources.map((r: { id: string }) => r.id);
    expect(ids).toEqual(['starter-monthly', 'starter-annual', 'from-audio-to-notes']);
    expect(ids).not.toContain('credits-100k');
  });

  it('counts per type under the search, so the category tabs stay truthful', async () => {
    const { body } = await call('listResources', { q: 'credits', category: 'course' });
    expect(body.result.resources).toEqual([]);
    expect(body.result.countsByType.api_credits).toBe(2);
  });

  it('takes % and _ in a query literally', async () => {
    const { body } = await call('listResources', { q: '100%' });
    expect(body.result.total).toBe(0);
  });

  it('drops an empty query', async () => {
    const { body } = await call('listResources', { q: '   ' });
    expect(body.result.total).toBe(18);
  });

  it.each([
    [{ q: 'x'.repeat(121) }, 'q'],
    [{ category: 'videos' }, 'category'],
    [{ price: 'cheap' }, 'price'],
    [{ q: 7 }, 'q'],
    [{ page: 2 }, ''],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const { status, body } = await call('listResources', payload);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0].path.join('.')).toBe(field);
  });
});

describe('getResource', () => {
  it('finds a resource by its slug', async () => {
    const { status, body } = await call('getResource', { resourceId: 'lifetime-license' });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ id: 'lifetime-license', priceCents: 19900, type: 'license' });
  });

  it('treats the slug case-insensitively and trimmed, without redirecting', async () => {
    const { body } = await call('getResource', { resourceId: '  Lifetime-License ' });
    expect(body.result.slug).toBe('lifetime-license');
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const { status, body } = await call('getResource', { resourceId: 'no-such-thing' });
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });

  it.each([[{ resourceId: '' }], [{ resourceId: '   ' }], [{ resourceId: 'x'.repeat(121) }], [{}]])('refuses %j with a 400', async (payload) => {
    expect((await call('getResource', payload)).status).toBe(400);
  });
});

describe('getPricingResources', () => {
  it('gives the three plans by their known ids, and the credit packs', async () => {
    const { body } = await call('getPricingResources', {});
    expect(body.result.starterMonthly.id).toBe(KNOWN_RESOURCE_IDS.starterMonthly);
    expect(body.result.proMonthly.id).toBe(KNOWN_RESOURCE_IDS.monthlySubscription);
    expect(body.result.lifetimeLicense.priceCents).toBe(19900);
    // Starter and Pro billed yearly: ten months' price, the same entitlements.
    expect(body.result.starterAnnual).toMatchObject({
      id: 'starter-annual',
      priceCents: 9000,
      metadata: { billingInterval: 'year', includedCreditsPerMonth: 100_000 },
    });
    expect(body.result.proAnnual).toMatchObject({
      id: 'pro-annual',
      priceCents: 19_000,
      metadata: { billingInterval: 'year', includedCreditsPerMonth: 400_000 },
    });
    expect(body.result.creditPacks.map((r: { type: string }) => r.type)).toEqual(['api_credits', 'api_credits']);
  });
});
