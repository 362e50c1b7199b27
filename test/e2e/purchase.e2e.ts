import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { openSitePage, signUpInDialog } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { waitForOutboxMessage } from '../support/outbox';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { emulatorStripe } from '../support/emulator-client';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('purchase-e2e')]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const newPage = () => openSitePage(browser, site.url);
const signUp = (page: Page, email: string, firstName: string) => signUpInDialog(page, site.url, email, firstName);

const buyer = `buyer-${randomUUID().slice(0, 8)}@example.com`;

describe('buying on the embedded defaults (local sign-in, Stripe emulator, outbox)', () => {
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ page, errors, close } = await newPage());
  });
  afterAll(() => close());

  it('sends a signed-out visitor from checkout to sign in, then back to the checkout', async () => {
    await page.goto('/checkout?resourceId=lifetime-license&quantity=3');
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await signUp(page, buyer, 'Ada');
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('quantity') === '3');
    await page.getByRole('heading', { name: 'Lifetime license' }).waitFor();
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$597.00');
    expect(await page.getByTestId('checkout-tax-note').textContent()).toContain('calculated from your billing address when you pay');
    await page.getByRole('button', { name: /Ada/ }).waitFor();
  });

  it('pays for 3 seats on the emulator checkout, lands on success, and sees the license, key and seats', async () => {
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Pay $597.00' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('status') === 'success');
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
    // Prices are tax-exclusive: what was charged, as recorded with the purchase (no tax on a US address).
    expect(await page.getByTestId('charge-summary').innerText()).toMatch(/^Subtotal\s+\$597\.00\s+Tax\s+\$0\.00\s+Total paid\s+\$597\.00$/);

    expect(await page.getByTestId('purchase-outcome').textContent()).toBe('Lifetime license — 3 seats');
    await page.getByRole('link', { name: 'See your license' }).click();
    await page.waitForURL(/section=license/);
    expect(await page.getByTestId('license-seats').textContent()).toBe('1 of 3 used');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByTestId('license-key').textContent()).toMatch(/^SSAI(-[0-9A-Z]{5}){5}$/);
    const keyEmail = await waitForOutboxMessage(buyer, /license key/i, site.url);
    expect(keyEmail.page).toContain(await page.getByTestId('license-key').textContent());
  });

  it('gives a seat to someone (who gets an invitation) and takes it back', async () => {
    await page.getByRole('link', { name: 'Manage seats' }).click();
    await page.getByLabel('Give a seat to').fill('not an email');
    await page.getByRole('button', { name: 'Add seat' }).click();
    await page.getByText('Enter an email address such as name@example.com.').waitFor();
    const teammate = `mate-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('Give a seat to').fill(teammate);
    await page.getByRole('button', { name: 'Add seat' }).click();
    await page.getByText(teammate).waitFor();
    expect(await page.getByTestId('seats-used').textContent()).toBe('2 of 3 seats used');
    await waitForOutboxMessage(teammate, /gave you a seat on SystemSculpt AI$/, site.url);
    await page.getByRole('button', { name: `Remove ${teammate}` }).click();
    await page.getByText(teammate).waitFor({ state: 'detached' });
    expect(await page.getByTestId('seats-used').textContent()).toBe('1 of 3 seats used');
  });

  it('has no axe violations in the dashboard sections with a license, seats and purchases in them', async () => {
    for (const section of ['overview', 'license', 'licensed-users', 'pending-payments']) {
      await page.goto(`/dashboard?section=${section}`);
      await waitForHydration(page);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect({ section, violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({
        section,
        violations: [],
      });
    }
  });

  it('shows a declined card on the checkout page, and a cancelled checkout back on the site', async () => {
    await page.goto('/checkout?resourceId=the-ai-assisted-vault');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Decline the card' }).click();
    await page.getByText('Your card was declined. Try another card.').waitFor();
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'cancelled');
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
  });

  it('says configuration-error when a resource has no active Stripe price', async () => {
    const stripe = emulatorStripe(site.url);
    const [price] = (await stripe.prices.list({ lookup_keys: ['sculpt_meeting-notes-system'] })).data;
    await stripe.prices.update(price!.id, { active: false });
    await page.goto('/checkout?resourceId=meeting-notes-system');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'This item cannot be bought right now' }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('configuration-error');
    expect(errors).toEqual([]);
  });

  it("shows a second account none of the first one's license", async () => {
    const other = await newPage();
    await other.page.goto('/dashboard?section=license');
    await waitForHydration(other.page);
    await signUp(other.page, `other-${randomUUID().slice(0, 8)}@example.com`, 'Grace');
    await other.page.waitForURL(/\/dashboard\?section=license/);
    await other.page.getByText('No license yet').waitFor();
    expect(await other.page.getByTestId('license-key').count()).toBe(0);
    await other.close();
  });
});
