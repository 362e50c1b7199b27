import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from '../support/browser';
import { cards, categoryChip, listTotal, priceFilter, resultCount } from '../support/catalog-page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('browsing plans and resources', () => {
  it('goes home → plugin page → resources → filters → detail without a console error', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await waitForHydration(page);

    // Home: the plans section and the rating.
    const homePlans = page.getByRole('region', { name: 'Simple plans, managed AI included' });
    for (const price of ['$9.00', '$19.00', '$199.00']) expect(await homePlans.getByText(price, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Rated 4.9 from 128 reviews').first().isVisible()).toBe(true);

    // The plugin page, reached in the app.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Obsidian AI Plugin' }).click();
    await page.waitForURL((url) => url.pathname === '/obsidian-ai-plugin');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const plans = [
      ['Starter', '$9.00', 'starter-monthly', 'Subscribe to Starter', true],
      ['Pro', '$19.00', 'pro-monthly', 'Start 7-day free trial', true],
      ['Lifetime license', '$199.00', 'lifetime-license', 'Buy Lifetime license', false],
    ] as const;
    for (const [title, price, id, action, monthly] of plans) {
      const card = page.getByRole('article', { name: title, exact: true });
      expect(await card.getByText(price, { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText('/month').count()).toBe(monthly ? 1 : 0);
      expect(await card.getByRole('link', { name: action }).getAttribute('href')).toBe(`/checkout?resourceId=${id}&quantity=1`);
      expect(await card.getByRole('listitem').count()).toBeGreaterThan(3);
    }
    expect(await page.getByRole('article', { name: 'Pro', exact: true }).getByText('Recommended').isVisible()).toBe(true);
    expect(await page.getByText('400,000 credits each month').isVisible()).toBe(true);
    const packs = page.getByRole('region', { name: 'Credit packs' });
    expect(await packs.getByRole('link', { name: 'Buy 100,000 credit pack' }).getAttribute('href')).toBe('/checkout?resourceId=credits-100k&quantity=1');
    expect(await packs.getByText('$40.00').isVisible()).toBe(true);
    expect(await page.getByText('Rated 4.9 from 128 reviews').isVisible()).toBe(true);
    const faq = page.getByRole('region', { name: 'Before you decide' });
    await faq.getByText('How do I install and set it up?').click();
    expect(await faq.getByRole('link', { name: 'documentation' }).getAttribute('href')).toBe('/obsidian-ai-plugin-docs');
    await faq.getByText('Can I get a refund?').click();
    expect(await faq.getByRole('link', { name: 'refund policy' }).getAttribute('href')).toBe('/refund-policy');

    // Resources, all of them.
    await page.getByRole('link', { name: 'Browse resources' }).click();
    await page.waitForURL((url) => url.pathname === '/resources');
    await resultCount(page).filter({ hasText: '18 resources' }).waitFor();
    expect(await cards(page).count()).toBe(18);
    expect(await categoryChip(page, 'All').getAttribute('aria-current')).toBe('true');
    expect(await categoryChip(page, 'Templates').textContent()).toBe('Templates 3');
    expect(await priceFilter(page, 'All prices').getAttribute('aria-current')).toBe('true');

    // By category: the URL, the results and the marked chip change.
    await categoryChip(page, 'Templates').click();
    await page.waitForURL((url) => url.search === '?category=template');
    await resultCount(page).filter({ hasText: '3 resources' }).waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    expect(await cards(page).count()).toBe(3);
    expect(await categoryChip(page, 'Templates').getAttribute('aria-current')).toBe('true');
    expect(await categoryChip(page, 'All').getAttribute('aria-current')).toBeNull();

    // By price, keeping the category.
    await priceFilter(page, 'Free').click();
    await page.waitForURL((url) => url.searchParams.get('price') === 'free' && url.searchParams.get('category') === 'template');
    await resultCount(page).filter({ hasText: '1 resource' }).waitFor();
    expect(await cards(page).getByRole('heading').allTextContents()).toEqual(['Zettelkasten Starter Templates']);
    expect(await priceFilter(page, 'Free').getAttribute('aria-current')).toBe('true');

    // 'All' clears the category (the price stays).
    await categoryChip(page, 'All').click();
    await page.waitForURL((url) => url.search === '?price=free');
    await resultCount(page).filter({ hasText: '1 resource' }).waitFor();
    await priceFilter(page, 'All prices').click();
    await page.waitForURL((url) => url.search === '');
    await resultCount(page).filter({ hasText: '18 resources' }).waitFor();

    // By search: typing updates the URL after a pause, replacing the history entry.
    const historyLength = await page.evaluate(() => history.length);
    await page.getByLabel('Search resources').pressSequentially('audio', { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('q') === 'audio');
    const audioTotal = await listTotal({ q: 'audio' });
    expect(audioTotal).toBeGreaterThan(0);
    expect(audioTotal).toBeLessThan(16);
    await resultCount(page)
      .filter({ hasText: `${audioTotal} resource` })
      .waitFor();
    expect(await resultCount(page).textContent()).toContain('matching “audio”');
    expect(await cards(page).count()).toBe(audioTotal);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    // The counts follow the search.
    expect(await categoryChip(page, 'All').getAttribute('aria-current')).toBe('true');
    expect(await categoryChip(page, 'All').textContent()).toBe(`All ${audioTotal}`);

    // No match: the empty state, and Clear filters.
    await page.getByLabel('Search resources').fill('no resource is called this');
    await page.getByRole('heading', { name: 'No resources match' }).waitFor();
    expect(await resultCount(page).textContent()).toContain('0 resources');
    await page.getByRole('main').getByRole('link', { name: 'Clear filters' }).last().click();
    await page.waitForURL((url) => url.search === '');
    await resultCount(page).filter({ hasText: '18 resources' }).waitFor();
    expect(await page.getByLabel('Search resources').inputValue()).toBe('');

    // A card to its detail page.
    await page.getByRole('link', { name: 'Vault Kickstart Bundle' }).click();
    await page.waitForURL((url) => url.pathname === '/resources/vault-kickstart-bundle');
    await page.getByRole('heading', { level: 1, name: 'Vault Kickstart Bundle' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Resources' }).getAttribute('href')).toBe('/resources');
    expect(await crumbs.getByRole('link', { name: 'Bundles' }).getAttribute('href')).toBe('/resources?category=bundle');
    expect(await page.getByRole('link', { name: 'Buy', exact: true }).getAttribute('href')).toBe('/checkout?resourceId=vault-kickstart-bundle&quantity=1');
    expect(await page.getByText('$49.00').first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: "What's included" }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Vault Kickstart Bundle · SystemSculpt');

    // Back to the list with the breadcrumb.
    await crumbs.getByRole('link', { name: 'Resources' }).click();
    await resultCount(page).filter({ hasText: '18 resources' }).waitFor();

    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('offers "Get it free" and "Included with subscription — see plans" where they apply', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto('/resources/zettelkasten-starter-templates');
    await waitForHydration(page);
    // A real form (it works before JavaScript loads) posting the item to the checkout function.
    const free = page.locator('form', { has: page.getByRole('button', { name: 'Get it free' }) });
    expect(await free.getAttribute('action')).toBe('/_serverFn/initiateCheckout');
    expect(await free.locator('input[name="resourceId"]').inputValue()).toBe('zettelkasten-starter-templates');
    await page.goto('/resources/project-dashboard-templates');
    await waitForHydration(page);
    expect(await page.getByRole('link', { name: 'Included with subscription — see plans' }).getAttribute('href')).toBe('/obsidian-ai-plugin');
    await page.goto('/resources/starter-monthly');
    await waitForHydration(page);
    expect(await page.getByRole('link', { name: 'Subscribe', exact: true }).getAttribute('href')).toBe('/checkout?resourceId=starter-monthly&quantity=1');
    expect(await page.getByText('/month').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('searches and filters with a plain GET form when JavaScript is off', async () => {
    const { page, close } = await openPage(browser, { ...DESKTOP, javaScriptEnabled: false });
    await page.goto('/resources?category=course');
    expect(await cards(page).count()).toBe(2);
    await page.getByLabel('Search resources').fill('audio');
    await page.getByLabel('Search resources').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'audio');
    expect(new URL(page.url()).searchParams.get('category')).toBe('course');
    expect(await cards(page).getByRole('heading').allTextContents()).toEqual(['From Audio to Notes']);
    // The filters are links.
    await priceFilter(page, 'Paid').click();
    await page.waitForURL((url) => url.searchParams.get('price') === 'paid');
    expect(new URL(page.url()).searchParams.get('q')).toBe('audio');
    expect(await cards(page).count()).toBe(1);
    await close();
  });
});

describe('on a phone', () => {
  it.each([
    '/',
    '/obsidian-ai-plugin',
    '/resources',
    '/resources?category=template&price=paid',
    '/resources/lifetime-license',
    '/resources/project-dashboard-templates',
    '/resources?q=no-match-at-all',
  ])('%s fits 375 px without sideways scrolling', async (path) => {
    const { page, errors, close } = await openPage(browser, PHONE);
    await page.goto(path);
    await waitForHydration(page);
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(clientWidth).toBe(375);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('when pricing cannot load', () => {
  it('still shows the home page, with a link to the plans instead of the cards', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/status');
    await waitForHydration(page);
    await page.route('**/_serverFn/getPricingResources**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'UNAVAILABLE', message: 'Pricing is being updated; please try again in a minute.' },
        }),
      }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByText('The plans could not be loaded just now.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('The AI workspace that lives');
    expect(await page.getByRole('link', { name: 'See plans and pricing' }).getAttribute('href')).toBe('/obsidian-ai-plugin');
    await close();
  });
});
