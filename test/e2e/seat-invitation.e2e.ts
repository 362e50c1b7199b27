import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { dashboardData, openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { waitForOutboxMessage } from '../support/outbox';
import { readBalance } from '../support/plugin-credits-decoder';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
let owner: AccountPage;
let invitee: AccountPage;
const inviteeEmail = `seat-${randomUUID().slice(0, 8)}@example.com`;
let invitationUrl: string;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('seat-invitation-e2e')]);
  [owner, invitee] = await Promise.all([openSitePage(browser, site.url), openSitePage(browser, site.url)]);
}, 90_000);
afterAll(async () => {
  await owner?.close();
  await invitee?.close();
  await browser?.close();
  await site?.stop();
});

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe("a seat invitation, from the owner's dialog to the invitee's dashboard", () => {
  it('the owner buys Pro for 3 seats and gives one; giving it twice says so and keeps the address in the box', async () => {
    const page = owner.page;
    await page.goto('/checkout?resourceId=pro-monthly&quantity=3');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `owner-${randomUUID().slice(0, 8)}@example.com`, 'Olive');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/_stripe\/checkout\//);
    await fillBillingAddress(page);
    await page.locator('button.primary').click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
    await page.goto('/dashboard?section=licensed-users');
    await reloadUntil(page, async () => (await page.getByLabel('Give a seat to').count()) === 1);
    await waitForHydration(page);

    await page.getByLabel('Give a seat to').fill(inviteeEmail);
    await page.getByRole('button', { name: 'Add seat' }).click();
    await page.getByText(inviteeEmail).waitFor();
    expect(await page.getByTestId('seats-used').textContent()).toBe('2 of 3 seats used');
    await page.getByLabel('Give a seat to').fill(inviteeEmail.toUpperCase());
    await page.getByRole('button', { name: 'Add seat' }).click();
    await page.getByText(`${inviteeEmail} already has a seat on this license.`).waitFor();
    expect(await page.getByLabel('Give a seat to').inputValue()).toBe(inviteeEmail.toUpperCase());
    expect(await page.getByTestId('seats-used').textContent()).toBe('2 of 3 seats used');
    expect(owner.errors).toEqual([]);
  }, 90_000);

  it("the invitation email leads to a page that creates the invitee's account with the invited address and lands on the seat", async () => {
    const message = await waitForOutboxMessage(inviteeEmail, /gave you a seat on SystemSculpt AI$/, site.url);
    invitationUrl = /(https?:\/\/[^\s"<]+\/invite\/[A-Za-z0-9._-]+)/.exec(message.page)![1]!;
    expect(message.page).toContain('Accept the invitation');
    const page = invitee.page;
    await page.goto(invitationUrl);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Olive gave you a seat' }).waitFor();
    expect(await page.getByTestId('invited-email').textContent()).toBe(inviteeEmail);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create my account and open my seat' }).click();

    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(inviteeEmail);
    await dialog.getByLabel('First name').fill('Ines');
    await dialog.getByLabel(/I accept the terms/).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const code = await waitForOutboxMessage(inviteeEmail, /is your SystemSculpt code$/, site.url);
    await dialog.getByLabel('Code').fill(/^(\d{6}) /.exec(code.subject)![1]!);
    await dialog.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL(/\/dashboard\?section=license/);
    await page.getByRole('heading', { name: 'Pro (a seat given to you)' }).waitFor();
  }, 60_000);

  it("the invitee's overview shows the seat, the owner's plan, and the credits the plugin reports for their key", async () => {
    const page = invitee.page;
    const seatKey: string = (await dashboardData(page)).sharedSeats[0].key;
    const balance = await readBalance(site.url, seatKey);
    expect(balance.status).toBe(200);
    const body = balance.body as { total_remaining: number; included_remaining: number; included_per_month: number };
    expect(body.included_per_month).toBe(400_000);
    await page.goto('/dashboard?section=overview');
    await waitForHydration(page);
    await page.getByRole('link', { name: /^Plan Pro \(seat\)$/ }).waitFor();
    expect(await page.getByTestId('credits-total').textContent()).toBe(body.total_remaining.toLocaleString('en-US'));
    expect(await page.getByTestId('credits-included').textContent()).toBe(
      `${body.included_remaining.toLocaleString('en-US')} of ${body.included_per_month.toLocaleString('en-US')}`,
    );
    expect(await page.getByText('Running low').count()).toBe(0);
    expect(await page.getByTestId('credits-seat-note').textContent()).toContain('your seat shares the Pro license');
    expect(await violations(page)).toEqual([]);

    // Signed in with the invited address, the link goes straight to the seat.
    await page.goto(invitationUrl);
    await page.waitForURL(/\/dashboard\?section=license/);
    expect(invitee.errors).toEqual([]);
  }, 60_000);

  it('once the owner takes the seat back, the invitation says the seat is no longer available', async () => {
    await owner.page.goto('/dashboard?section=licensed-users');
    await waitForHydration(owner.page);
    await owner.page.getByRole('button', { name: `Remove ${inviteeEmail}` }).click();
    await owner.page.getByText(inviteeEmail).waitFor({ state: 'detached' });
    const stranger = await openSitePage(browser, site.url);
    await stranger.page.goto(invitationUrl);
    await stranger.page.getByRole('heading', { name: 'This seat is no longer available' }).waitFor();
    await stranger.page.goto(`${invitationUrl.slice(0, -2)}xx`);
    await stranger.page.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();
    await stranger.close();
  }, 60_000);
});
