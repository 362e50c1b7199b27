import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { openAdminPage, openSignedInPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

/**
 * The console as each role sees it: support reads every page but is offered none of the owner's
 * operations (the server refuses them to support anyway), and an owner is offered all of them.
 */
const ADMIN_TOKEN = 'e2e-admin-roles-token-0123456789abcdef';
const SUPPORT = `support-roles-${randomUUID().slice(0, 8)}@example.com`;
let browser: Browser;
let site: SiteServer;
let supportCookie: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('admin-roles', { ADMIN_TOKEN, LOCAL_SUPPORT_EMAILS: SUPPORT })]);
  supportCookie = await signUpOverHttp(site, SUPPORT, 'Sam Support');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a support account in /admin', () => {
  it('reads the read models and the audit log, and is told that replays are the owner’s', async () => {
    const { page, errors, close } = await openSignedInPage(browser, site.url, supportCookie);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Read models' }).waitFor();
    await waitForHydration(page);
    const row = page.getByRole('row', { name: /CustomerDirectoryProjector/ });
    await row.getByText('Owners replay').waitFor();
    expect(await row.getByRole('button', { name: 'Replay' }).count()).toBe(0);
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe('an owner in /admin', () => {
  it('is offered the replay', async () => {
    const { page, errors, close } = await openAdminPage(browser, site.url, ADMIN_TOKEN);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Read models' }).waitFor();
    await page
      .getByRole('row', { name: /CustomerDirectoryProjector/ })
      .getByRole('button', { name: 'Replay' })
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
