import type { Browser, Page } from 'playwright-core';
import { startSite, type SiteServer } from '../support/site-server';
import { launchBrowser, waitForHydration } from '../support/browser';

const MEASUREMENT_ID = 'G-E2ETEST42';
// A stand-in for gtag.js, served locally: it records what the page pushed to dataLayer.
const STAND_IN_GTAG = `window.__gtagLoaded = true;`;

let site: SiteServer;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite('analytics', { GA_MEASUREMENT_ID: MEASUREMENT_ID }), launchBrowser()]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function openWithStandIn(): Promise<{ page: Page; scriptRequests: string[] }> {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scriptRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    scriptRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN_GTAG });
  });
  return { page, scriptRequests };
}

const pageViews = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => (args[2] as { page_path: string }).page_path),
  );

describe('with a measurement id configured', () => {
  it('loads gtag.js for that id, anonymises IPs, and sends a page_view on every route change', async () => {
    const { page, scriptRequests } = await openWithStandIn();
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForFunction(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true);
    expect(scriptRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);

    const config = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).find((args) => args[0] === 'config'),
    );
    expect(config).toEqual(['config', MEASUREMENT_ID, { anonymize_ip: true, send_page_view: false }]);
    expect(await pageViews(page)).toEqual(['/']);

    await page.getByRole('link', { name: 'System status' }).click();
    await page.waitForURL('**/status');
    await page.getByRole('heading', { name: 'System status' }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => (window.dataLayer ?? []).length >= 5);
    expect(await pageViews(page)).toEqual(['/', '/status', '/']);
    await page.context().close();
  });

  it('allows the analytics hosts in the CSP', async () => {
    const response = await fetch(`${site.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src [^;]*google-analytics\.com/);
  });
});
