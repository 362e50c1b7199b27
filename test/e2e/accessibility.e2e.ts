import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from '../support/browser';

const PUBLIC_PAGES = [
  '/',
  '/obsidian-ai-plugin',
  '/resources',
  '/resources/lifetime-license',
  '/obsidian-ai-plugin-docs',
  '/obsidian-ai-plugin-docs/getting-started',
  '/terms',
  '/privacy',
  '/refund-policy',
  '/status',
  '/contact',
  '/manage-email',
  '/no-such-page',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('axe-core on a %s', (_name, viewport) => {
  it.each(PUBLIC_PAGES)('finds no violations on %s', async (path) => {
    const { page, close } = await openPage(browser, viewport);
    await page.goto(path);
    await waitForHydration(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await close();
  });
});
