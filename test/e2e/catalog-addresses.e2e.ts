import type { Browser } from 'playwright-core';
import { Client } from 'pg';
import { baseUrl, launchBrowser, openPage, waitForHydration } from '../support/browser';
import { cards, get, listTotal, resultCount, serverFn } from '../support/catalog-page';
import { startSite, type SiteServer } from '../support/site-server';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('addresses', () => {
  it('moves /pricing permanently to /obsidian-ai-plugin', async () => {
    const response = await get('/pricing');
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!, baseUrl()).pathname).toBe('/obsidian-ai-plugin');
    const { page, close } = await openPage(browser);
    await page.goto('/pricing');
    expect(new URL(page.url()).pathname).toBe('/obsidian-ai-plugin');
    await close();
  });

  it('moves a resource address that differs from the slug only in case or padding to the slug (301), while the lookup forgives both', async () => {
    for (const address of ['/resources/Lifetime-License', '/resources/%20lifetime-license%20']) {
      const response = await get(address);
      expect([address, response.status, response.headers.get('location')]).toEqual([address, 301, '/resources/lifetime-license']);
    }
    const response = await get('/resources/lifetime-license');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Lifetime license<\/h1>/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/resources\/lifetime-license"/);
    // The server function finds the resource whatever the case and padding: the page decides on the address.
    const envelope = await serverFn('getResource', { resourceId: ' Lifetime-License ' });
    expect(envelope).toHaveProperty('result.slug', 'lifetime-license');
    // Every seeded id is its own slug, so the seeded site never redirects (the next test renames one).
    const listed = (await serverFn('listResources', {})) as { result: { resources: { id: string; slug: string }[] } };
    expect(listed.result.resources.every((resource) => resource.id === resource.slug)).toBe(true);
  });

  it('answers an unknown resource with the 404 screen', async () => {
    const response = await get('/resources/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page Not Found');
    const { page, close } = await openPage(browser);
    const answer = await page.goto('/resources/no-such-thing');
    expect(answer?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    await close();
  });

  describe('when a resource id is not its slug', () => {
    // The seed cannot show this (every id is its slug), so a site of its own gets a renamed slug.
    let site: SiteServer;
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await createTestDatabase('catalog');
      site = await startSite('catalog', { DATABASE_URL: databaseUrl });
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`update resources set slug = 'vault-kickstart' where id = 'vault-kickstart-bundle'`);
      } finally {
        await client.end();
      }
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
    }, 30_000);

    it('redirects the id to the slug with a 301, from the server function and the page', async () => {
      const envelope = await serverFn('getResource', { resourceId: 'vault-kickstart-bundle' }, site.url);
      expect(envelope).toEqual({
        redirect: expect.objectContaining({ statusCode: 301, to: '/resources/vault-kickstart' }),
      });
      const response = await get('/resources/vault-kickstart-bundle', site.url);
      expect(response.status).toBe(301);
      expect(new URL(response.headers.get('location')!, site.url).pathname).toBe('/resources/vault-kickstart');
      expect((await get('/resources/vault-kickstart', site.url)).status).toBe(200);

      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      await page.goto('/resources/Vault-Kickstart-Bundle');
      expect(new URL(page.url()).pathname).toBe('/resources/vault-kickstart');
      await page.getByRole('heading', { level: 1, name: 'Vault Kickstart Bundle' }).waitFor();
      await context.close();
    });
  });
});

describe('invalid search parameters', () => {
  it.each([
    [`/resources?q=${'a'.repeat(121)}`, 'The search can be at most 120 characters.'],
    ['/resources?category=videos', 'There is no “videos” category.'],
    ['/resources?price=cheap', 'The price filter can be All, Free or Paid'],
  ])('%s says what is wrong and links back to the list', async (path, message) => {
    const response = await get(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const html = await response.text();
    expect(html).toContain(message);

    const { page, close } = await openPage(browser);
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.getByRole('alert').textContent()).toContain(message);
    const back = page.getByRole('main').getByRole('link', { name: 'Show all resources' });
    expect(await back.getAttribute('href')).toBe('/resources');
    await back.click();
    await page.waitForURL((url) => url.pathname === '/resources' && url.search === '');
    await resultCount(page).filter({ hasText: '18 resources' }).waitFor();
    await close();
  });

  it('reads a number typed as the search as text', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/resources?q=30');
    await waitForHydration(page);
    await resultCount(page).filter({ hasText: 'matching “30”' }).waitFor();
    expect(await cards(page).count()).toBe(await listTotal({ q: '30' }));
    expect(await cards(page).getByRole('heading').allTextContents()).toContain('30-minute setup session');
    expect(errors).toEqual([]);
    await close();
  });
});
