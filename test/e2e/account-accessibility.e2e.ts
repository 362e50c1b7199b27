import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_SECTIONS } from '../../contracts/dashboard/dashboard-search';
import { signUpInDialog } from '../support/account-browser';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('axe-core on the signed-in pages, on a %s', (_name, viewport) => {
  it('finds no violations in the sign-in dialog, the checkout and every dashboard section', async () => {
    const { page, errors, close } = await openPage(browser, viewport);
    await page.goto('/checkout?resourceId=lifetime-license&quantity=2');
    await waitForHydration(page);
    await page.getByTestId('sign-in-dialog').waitFor();
    expect(await violations(page)).toEqual([]);
    await signUpInDialog(page, baseUrl(), `a11y-${randomUUID().slice(0, 8)}@example.com`, 'Ada');
    await page.getByRole('heading', { name: 'Lifetime license' }).waitFor();
    expect(await violations(page)).toEqual([]);
    for (const section of DASHBOARD_SECTIONS) {
      await page.goto(`/dashboard?section=${section}`);
      await waitForHydration(page);
      expect({ section, violations: await violations(page) }).toEqual({ section, violations: [] });
    }
    expect(errors).toEqual([]);
    await close();
  }, 150_000); // Eleven axe runs: about 30 s on a quiet machine, far longer beside the rest of the suite.
});
