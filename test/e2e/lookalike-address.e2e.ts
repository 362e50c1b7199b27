import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForHydration } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the sign-in dialog given an address that displays like another', () => {
  it.each([
    ['a Cyrillic "а" among Latin letters', 'gr\u0430ce@example.com', /mixes letters of different alphabets/],
    ['a zero-width space', 'grace\u200b@example.com', /invisible character/],
  ])('says what is wrong with it under the address field (%s), and sends no code', async (_what, address, message) => {
    const { page, close } = await openPage(browser);
    await page.goto('/dashboard');
    await waitForHydration(page);
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Email address').fill(address);
    await dialog.getByLabel(/I accept the terms/).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();

    const field = dialog.getByLabel('Email address');
    await dialog.getByText(message).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Code').count()).toBe(0);
    await close();
  });
});
