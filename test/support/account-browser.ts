import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import { waitForOutboxMessage } from './outbox';
import { eventually, until } from './waits';

export interface AccountPage {
  page: Page;
  /** Uncaught page errors and console errors (other than failed resource loads). */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh browser context (its own cookies) on a site that is not the shared e2e one. */
export async function openSitePage(browser: Browser, baseURL: string, options: BrowserContextOptions = DESKTOP): Promise<AccountPage> {
  const context = await browser.newContext({ ...options, baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

/** A fresh context on the site signed in with the session cookie a sign-up over HTTP returned (`name=value; …`). */
export async function openSignedInPage(browser: Browser, baseURL: string, cookie: string, options: BrowserContextOptions = DESKTOP): Promise<AccountPage> {
  const opened = await openSitePage(browser, baseURL, options);
  const { hostname } = new URL(baseURL);
  await opened.page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), domain: hostname, path: '/' };
    }),
  );
  return opened;
}

/** Signs up through the open sign-in dialog, reading the one-time code from the site's dev outbox. */
export async function signUpInDialog(page: Page, siteUrl: string, email: string, firstName: string): Promise<void> {
  const dialog = page.getByTestId('sign-in-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel(/I accept the terms/).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await dialog.getByLabel('Code').waitFor();
  const message = await waitForOutboxMessage(email, /is your SystemSculpt code$/, siteUrl);
  await dialog.getByLabel('Code').fill(/^(\d{6}) /.exec(message.subject)![1]!);
  await dialog.getByRole('button', { name: 'Verify and continue' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The signed-in page's dashboard data, read the way the page reads it (same cookies). A 503
 * (UNAVAILABLE: the database busy, say) is retried as the page's own queries retry it; any other
 * answer without a result (an error, a sign-in redirect) fails here, saying what it was.
 */
export async function dashboardData(page: Page, retryForMs = 10_000): Promise<any> {
  const { status, envelope } = await eventually(
    'getDashboardData answers other than UNAVAILABLE',
    async () => {
      const response = await page.request.get(`/_serverFn/getDashboardData?payload=${encodeURIComponent('{}')}`);
      return { status: response.status(), envelope: (await response.json()) as { result?: unknown; error?: { code?: string } } };
    },
    (answer) => answer.envelope.error?.code !== 'UNAVAILABLE',
    retryForMs,
    250,
  );
  if ('result' in envelope) return envelope.result;
  throw new Error(`getDashboardData answered ${status}: ${JSON.stringify(envelope)}`);
}

/** Reloads until `check` holds (read models follow Stripe's webhooks a moment later). */
export async function reloadUntil(page: Page, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const holdsOrReload = async () => {
    if (await check()) return true;
    await page.reload();
    return false;
  };
  await until(`the check holds on ${page.url()}`, holdsOrReload, timeoutMs, 300);
}

/** Signs in to /admin through its form, as support does, and waits for the customer search it lands on. */
export async function signInToAdminForm(page: Page, token: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Admin token').fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Find a customer' }).waitFor();
}

/** A fresh context on the site with the admin's session already set (the form is tested elsewhere). */
export async function openAdminPage(browser: Browser, baseURL: string, token: string, options: BrowserContextOptions = DESKTOP): Promise<AccountPage> {
  const opened = await openSitePage(browser, baseURL, options);
  const signIn = await opened.page.request.post('/admin/session', { form: { token }, maxRedirects: 0 });
  if (signIn.status() >= 400) throw new Error(`/admin/session answered ${signIn.status()}`);
  return opened;
}

/** The WCAG 2.1 AA and best-practice violations axe finds inside `selector`, one line each. */
export async function axeViolations(page: Page, selector = 'main'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How many pixels the page is wider than the screen; 0 or less fits. */
export const horizontalOverflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
