import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from '../support/browser';
import { animationsEnded } from '../support/animations';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('on a desktop', () => {
  it('hydrates the server-rendered page without console errors', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await waitForHydration(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the top navigation: Home, Obsidian AI Plugin, Resources, Dashboard and Sign In', async () => {
    const { page, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Obsidian AI Plugin', '/obsidian-ai-plugin'],
      ['Resources', '/resources'],
      ['Dashboard', '/dashboard'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(href);
    }
    expect(await nav.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await close();
  });

  it('links the logo to / when signed out', async () => {
    const { page, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'SystemSculpt home' }).first().getAttribute('href')).toBe('/');
    await close();
  });

  it('has the footer: social links, the three columns, the community and copyright lines', async () => {
    const { page, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    for (const heading of ['Community', 'Legal', 'Support']) {
      expect(await footer.getByText(heading, { exact: true }).isVisible()).toBe(true);
    }
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Refund Policy', '/refund-policy'],
      ['Docs', '/obsidian-ai-plugin-docs'],
      ['1-on-1 Sessions', '/sessions'],
      ['Contact', '/contact'],
    ] as const) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    for (const name of ['Discord', 'YouTube', 'X', 'GitHub']) {
      const links = footer.getByRole('link', { name, exact: true });
      expect(await links.count()).toBeGreaterThanOrEqual(2);
      for (const link of await links.all()) {
        expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
      }
    }
    expect(await footer.getByText('Made for the Obsidian community.').isVisible()).toBe(true);
    const year = new Date().getFullYear();
    expect(await footer.getByText(`© ${year} SystemSculpt. All rights reserved.`).isVisible()).toBe(true);
    await close();
  });
});

describe('on a phone', () => {
  it('hides the top links behind a menu button that opens a 300 px side sheet with the same links', async () => {
    const { page, errors, close } = await openPage(browser, PHONE);
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByTestId('mobile-nav');
    await sheet.waitFor({ state: 'visible' });
    await animationsEnded(sheet); // the 500 ms slide-in
    const box = await sheet.boundingBox();
    // offsetWidth is the CSS width; the bounding box may carry a sub-pixel rounding of the transform.
    expect(await sheet.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(300);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
    for (const name of ['Home', 'Obsidian AI Plugin', 'Resources', 'Dashboard']) {
      expect(await sheet.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    // Help a customer looks for: the docs, the sessions and the contact page.
    for (const [name, href] of [
      ['Docs', '/obsidian-ai-plugin-docs'],
      ['1-on-1 Sessions', '/sessions'],
      ['Contact', '/contact'],
    ] as const) {
      expect(await sheet.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await sheet.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the sheet.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(errors).toEqual([]);
    await close();
  });

  it('makes the side sheet 400 px wide on a larger screen', async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 700, height: 900 }, isMobile: true, hasTouch: true });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByTestId('mobile-nav');
    // The sheet's code loads on first open; then let its 500 ms slide-in finish.
    await sheet.waitFor({ state: 'visible' });
    await animationsEnded(sheet);
    expect(await sheet.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(400);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await sheet.waitFor({ state: 'detached' });
    await close();
  });

  it('animates the sheet in over 500 ms and out over 300 ms', async () => {
    const { page, close } = await openPage(browser, PHONE);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByTestId('mobile-nav');
    await sheet.waitFor({ state: 'visible' });
    expect(await sheet.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.5s');
    // Read the exit animation the moment the sheet switches to closed: it is gone 300 ms later,
    // which a busy machine can take to answer a second evaluate.
    await sheet.evaluate((el) => {
      new MutationObserver(() => {
        if (el.getAttribute('data-state') === 'closed') document.documentElement.dataset.exitAnimation = getComputedStyle(el).animationDuration;
      }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
    });
    const exitAnimation = page.waitForFunction(() => document.documentElement.dataset.exitAnimation ?? false, undefined, { polling: 'raf' });
    await page.keyboard.press('Escape');
    expect(await (await exitAnimation).jsonValue()).toBe('0.3s');
    await close();
  });

  it('has no horizontal scrolling at 360 px', async () => {
    const { page, close } = await openPage(browser, { ...PHONE, viewport: { width: 360, height: 740 } });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await close();
  });
});
