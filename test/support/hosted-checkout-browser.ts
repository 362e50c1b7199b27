import type { Page } from 'playwright-core';

/**
 * On the emulator's hosted checkout, types the billing address every checkout of the site asks
 * for (Stripe Tax needs it): a US address, where the seller charges no tax, so amounts stay as
 * priced. A page that asks for no address is left as it is.
 */
export async function fillBillingAddress(page: Page): Promise<void> {
  const line1 = page.locator('#line1');
  if ((await line1.count()) === 0) return;
  await line1.fill('1 Main Street');
  await page.locator('#city').fill('Austin');
  await page.locator('#postal_code').fill('78701');
}
