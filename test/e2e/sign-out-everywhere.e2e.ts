import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { openSitePage, signUpInDialog } from '../support/account-browser';
import { baseUrl, launchBrowser, waitForHydration } from '../support/browser';
import { latestSignInCode } from '../support/sign-in-codes';
import { callFn, cookieJar } from '../support/site-client';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const viewer = async (cookie: string) => (await callFn(baseUrl(), 'getViewer', {}, { cookie, method: 'GET' })).result?.viewer;

/** A second device: the same account signed in over HTTP, with its own session. */
async function signInElsewhere(email: string): Promise<string> {
  const started = await callFn(baseUrl(), 'localSignInCreate', { identifier: email });
  const code = await latestSignInCode(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', process.env.E2E_QUEUE_PREFIX!, email);
  const done = await callFn(baseUrl(), 'localSignInAttemptFirstFactor', { attemptId: started.result.id, code });
  if (!done.result) throw new Error(`sign-in refused: ${JSON.stringify(done.error)}`);
  return cookieJar(done.setCookies);
}

describe('"Sign out of all devices" in the user menu', () => {
  it('signs this browser out and ends the session on the other device too', async () => {
    const email = `everywhere-${randomUUID().slice(0, 8)}@example.com`;
    const { page, errors, close } = await openSitePage(browser, baseUrl());
    try {
      await page.goto('/dashboard');
      await waitForHydration(page);
      await signUpInDialog(page, baseUrl(), email, 'Evelyn');
      await page.getByRole('button', { name: 'Evelyn' }).waitFor();
      const browserCookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const phone = await signInElsewhere(email);
      expect(await viewer(phone)).toMatchObject({ email });

      await page.getByRole('button', { name: 'Evelyn' }).click();
      await page.getByRole('button', { name: 'Sign out of all devices' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

      expect(await viewer(phone)).toBeNull();
      // The cookies this browser held before, replayed from elsewhere, are refused as well.
      expect(await viewer(browserCookies)).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
