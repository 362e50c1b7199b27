import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, waitForHydration } from '../support/browser';

const DOC_PAGES = [
  'getting-started',
  'model-providers',
  'chat-workspace',
  'vault-workflows',
  'audio-transcription',
  'embeddings-search',
  'maintenance-automation',
  'settings',
  'commands-shortcuts',
  'troubleshooting',
  'faq',
  'support',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the documentation', () => {
  it.each(DOC_PAGES)('serves /obsidian-ai-plugin-docs/%s as complete HTML with its own title and contents', async (slug) => {
    const response = await fetch(`${baseUrl()}/obsidian-ai-plugin-docs/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]+· Docs · SystemSculpt<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/obsidian-ai-plugin-docs/${slug}"`);
    expect(html).toMatch(/<h2 id="[a-z0-9-]+">/);
  });

  it('answers an unknown docs page with the 404 screen', async () => {
    expect((await fetch(`${baseUrl()}/obsidian-ai-plugin-docs/no-such-page`)).status).toBe(404);
  });

  it('lists every page on the docs home, and links each page to the next', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/obsidian-ai-plugin-docs');
    const sidebar = page.getByRole('navigation', { name: 'Documentation' }).first();
    expect(await sidebar.getByRole('link').count()).toBe(13);
    await page.goto('/obsidian-ai-plugin-docs/getting-started');
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' });
    expect(await pager.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/obsidian-ai-plugin-docs/model-providers');
    await close();
  });

  it('searches every page in the browser with no network, and opens a result with the keyboard', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/obsidian-ai-plugin-docs');
    await waitForHydration(page);
    const box = page.getByRole('combobox', { name: 'Search the documentation' });
    // The index arrives when the reader reaches for the box (here, on focus); once a search has
    // answered, further searches need no network at all.
    await box.focus();
    await box.fill('janitor');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option').filter({ hasText: 'Maintenance' }).first().waitFor();
    await page.context().setOffline(true);
    await box.fill('transcription srt');
    await results.getByRole('option').filter({ hasText: 'Audio transcription' }).first().waitFor();
    expect(await results.getByRole('option').first().textContent()).toContain('Audio transcription');
    // The search itself needed no network; opening the page it found loads that page's code.
    await page.context().setOffline(false);
    await box.press('Enter');
    await page.waitForURL('**/obsidian-ai-plugin-docs/audio-transcription**');
    await page.getByRole('heading', { level: 1, name: 'Audio transcription' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('says so when the search index cannot load, and points to the server search', async () => {
    const { page, close } = await openPage(browser);
    await page.route('**/assets/docs-search-*.js', (route) => route.abort());
    await page.goto('/obsidian-ai-plugin-docs/settings');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('janitor');
    const message = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await message.filter({ hasText: 'Search could not load' }).waitFor();
    await close();
  });

  it('renders search results on the server for a search submitted before JavaScript loads', async () => {
    const html = await (await fetch(`${baseUrl()}/obsidian-ai-plugin-docs?q=janitor`)).text();
    expect(html).toContain('Search results for');
    expect(html).toContain('/obsidian-ai-plugin-docs/maintenance-automation');
  });
});

describe('the legal pages', () => {
  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/refund-policy', 'Refund Policy'],
  ])('%s arrives as HTML with its title, date and contents', async (path, title) => {
    const response = await fetch(`${baseUrl()}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`>${title}</h1>`);
    expect(html).toContain('Last updated');
    expect(html).toContain('aria-label="Contents"');
  });
});
