import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, horizontalOverflow, openSignedInPage } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

/**
 * The owner's promotions page on a phone: a code created with the keyboard, listed active, refused
 * a second time beside its field, then ended; support reads the list and is offered neither.
 * Nothing here waits on Stripe: the page shows our own read model.
 */
const OWNER = `owner-promos-${randomUUID().slice(0, 8)}@example.com`;
const SUPPORT = `support-promos-${randomUUID().slice(0, 8)}@example.com`;
const CODE = `SPRING${randomUUID().slice(0, 4).toUpperCase()}`;
let browser: Browser;
let site: SiteServer;
let ownerCookie: string;
let supportCookie: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser(),
    startAddressableSite('admin-promotions', { LOCAL_ADMIN_EMAILS: OWNER, LOCAL_SUPPORT_EMAILS: SUPPORT }),
  ]);
  ownerCookie = await signUpOverHttp(site, OWNER, 'Olive Owner');
  supportCookie = await signUpOverHttp(site, SUPPORT, 'Sam Support');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const row = (page: Page, code: string) => page.getByRole('row', { name: new RegExp(code) });

/** The text the field's aria-describedby points at: what a screen reader hears beside it. */
async function describedBy(page: Page, label: string): Promise<string> {
  const ids = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return (await page.locator(`[id="${ids}"]`).textContent()) ?? '';
}

describe('the owner on /admin/promotions, on a phone', () => {
  it('creates a code with the keyboard, sees it active, is refused the same code beside the field, and ends it after a confirmation', async () => {
    const { page, errors, close } = await openSignedInPage(browser, site.url, ownerCookie, PHONE);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Promotions' }).click();
    await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
    await waitForHydration(page);
    await page.getByText('No promotions yet.').waitFor();

    await page.getByRole('button', { name: 'New promotion' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'New promotion' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The first choice has the focus; Tab leaves the radio group for Code, then Name, the discount's kind and its amount.
    await page.keyboard.press('Tab');
    await page.keyboard.type(CODE.toLowerCase());
    await page.keyboard.press('Tab');
    await page.keyboard.type('Spring sale');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('25');
    await page.keyboard.press('Enter');

    await page.getByRole('status').getByText(`Created ${CODE}.`).waitFor();
    await row(page, CODE).getByText('Active', { exact: true }).waitFor();
    const cells = await row(page, CODE).textContent();
    expect(cells).toContain('Spring sale');
    expect(cells).toContain('25% off');
    expect(cells).toContain('first charge');
    expect(cells).toContain('All products');
    expect(cells).toContain('0 redeemed, no limit');
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'New promotion' }).click();
    await page.getByLabel('Code', { exact: true }).fill(CODE);
    await page.getByLabel('Name', { exact: true }).fill('Spring again');
    await page.getByLabel('Percent off').fill('10');
    await page.getByRole('button', { name: 'Create promotion' }).click();
    await page.getByText(`A promotion with the code ${CODE} exists already`).waitFor();
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(page, 'Code')).toMatch(/exists already; codes are never reused/);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row(page, CODE)
      .getByRole('button', { name: `End ${CODE}…` })
      .click();
    await page.getByRole('heading', { name: `End ${CODE}?` }).waitFor();
    expect(await page.getByText('No new checkout can use it; checkouts already open with it keep it.').isVisible()).toBe(true);
    await page.getByRole('button', { name: `End ${CODE} now` }).click();
    await row(page, CODE).getByText('Ended', { exact: true }).waitFor();
    expect(
      await row(page, CODE)
        .getByRole('button', { name: `End ${CODE}…` })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});

describe('support on /admin/promotions, on a phone', () => {
  it('reads the list and is told that only the owner creates and ends promotions', async () => {
    const { page, errors, close } = await openSignedInPage(browser, site.url, supportCookie, PHONE);
    await page.goto('/admin/promotions');
    await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
    await waitForHydration(page);
    await row(page, CODE).getByText('Ended', { exact: true }).waitFor();
    await page.getByText('Only the owner creates and ends promotions').waitFor();
    expect(await page.getByRole('button', { name: 'New promotion' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^End / }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
