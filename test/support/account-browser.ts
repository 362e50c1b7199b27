import type { Browser, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import { waitForOutboxMessage } from './outbox';

export interface AccountPage {
  page: Page;
  /** Uncaught page errors and console errors (other than failed resource loads). */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh browser context (its own cookies) on a site that is not the shared e2e one. */
export async function openSitePage(browser: Browser, baseURL: string): Promise<AccountPage> {
  const context = await browser.newContext({ ...DESKTOP, baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
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
  const deadline = Date.now() + retryForMs;
  for (;;) {
    const response = await page.request.get(`/_serverFn/getDashboardData?payload=${encodeURIComponent('{}')}`);
    const envelope = (await response.json()) as { result?: unknown; error?: { code?: string } };
    if ('result' in envelope) return envelope.result;
    if (envelope.error?.code !== 'UNAVAILABLE' || Date.now() > deadline) {
      throw new Error(`getDashboardData answered ${response.status()}: ${JSON.stringify(envelope)}`);
    }
    await page.waitForTimeout(250);
  }
}

/** Reloads until `check` holds (read models follow Stripe's webhooks a moment later). */
export async function reloadUntil(page: Page, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms on ${page.url()}`);
    await page.waitForTimeout(300);
    await page.reload();
  }
}
