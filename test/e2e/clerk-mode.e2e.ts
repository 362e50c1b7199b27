import { generateKeyPairSync } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { openSitePage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

/** A well-formed Clerk instance whose frontend API cannot be reached (the machine is offline). */
const FRONTEND_API = 'clerk.sculpt-offline.invalid';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  const jwtKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  [browser, site] = await Promise.all([
    launchBrowser(),
    startAddressableSite('clerk-mode', {
      CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from(`${FRONTEND_API}$`).toString('base64')}`,
      CLERK_SECRET_KEY: 'sk_live_offline_test_secret',
      CLERK_JWT_KEY: jwtKey,
    }),
  ]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('with Clerk configured (its servers unreachable)', () => {
  it('loads no Clerk code on a marketing page; Sign In loads it, and its failure becomes a retry in the nav, not an uncaught error', async () => {
    const { page, close } = await openSitePage(browser, site.url);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const clerkRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(FRONTEND_API)) clerkRequests.push(request.url());
    });
    await page.goto('/obsidian-ai-plugin');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(clerkRequests).toEqual([]);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('status').filter({ hasText: 'Sign-in unavailable.' }).waitFor({ timeout: 40_000 });
    expect(clerkRequests.some((url) => url.includes('clerk.browser.js'))).toBe(true);
    expect(pageErrors).toEqual([]);

    // Retry loads a fresh page that tries again (Clerk keeps one instance per page).
    const before = clerkRequests.length;
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Retry' }).click()]);
    await page.getByRole('status').filter({ hasText: 'Sign-in unavailable.' }).waitFor({ timeout: 40_000 });
    expect(clerkRequests.length).toBeGreaterThan(before);
    expect(pageErrors).toEqual([]);
    await close();
  }, 100_000);

  it('an in-app Dashboard link asks Clerk for the sign-in, as a full page load does', async () => {
    const { page, close } = await openSitePage(browser, site.url);
    const clerkRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(FRONTEND_API)) clerkRequests.push(request.url());
    });
    await page.goto('/resources');
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('sign_in'));
    // Clerk was asked to open its sign-in (it cannot load here, so the nav offers a retry).
    await page.getByRole('status').filter({ hasText: 'Sign-in unavailable.' }).waitFor({ timeout: 40_000 });
    expect(clerkRequests.some((url) => url.includes('clerk.browser.js'))).toBe(true);
    await close();
  }, 60_000);

  it('still sends a signed-out visitor from the dashboard to sign in', async () => {
    const response = await fetch(`${site.url}/dashboard`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toContain('sign_in=open');
  });
});
