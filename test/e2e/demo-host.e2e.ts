import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { signUpInDialog } from '../support/account-browser';
import { DESKTOP, launchBrowser, waitForHydration } from '../support/browser';
import { waitForOutboxMessage } from '../support/outbox';
import { callFn, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { eventually } from '../support/waits';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

const SESSION = '30-minute setup session';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  // A fresh start on the embedded defaults, demo data included (as `npm start` does).
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('demo-host-e2e', { LOCAL_DEMO_DATA: 'true' })]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function newPage(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: site.url, timezoneId: 'Europe/London' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

/** The sessions page's data, once the worker has projected the demo host's hours. */
async function openTimes(): Promise<Array<{ title: string; slots: Array<{ start: string; hostUserId: string }> }>> {
  return eventually(
    'the demo host has bookable times',
    async () => {
      const { result } = await callFn(site.url, 'getSessionsPageData', {}, { method: 'GET' });
      return (result?.sessionTypes ?? []) as Array<{ title: string; slots: Array<{ start: string; hostUserId: string }> }>;
    },
    (types) => types.some((t) => t.slots.length > 0),
    20_000,
    300,
  );
}

describe('a newcomer on a fresh start', () => {
  it('finds bookable times with the demo host on /sessions, books one and pays on the emulator', async () => {
    const types = await openTimes();
    const setup = types.find((t) => t.title === SESSION);
    expect(setup?.slots.length).toBeGreaterThan(0);
    const { result } = await callFn(site.url, 'getSessionsPageData', {}, { method: 'GET' });
    expect(result.hosts).toEqual([expect.objectContaining({ name: 'Demo Host' })]);

    const { page, close } = await newPage();
    await page.goto('/sessions');
    await waitForHydration(page);
    const card = page.getByTestId('session-type').filter({ has: page.getByRole('heading', { name: SESSION }) });
    await card
      .getByRole('button', { name: /, \d+ open times?$/ })
      .first()
      .click();
    await card
      .getByRole('button', { name: /^\w+day, \w+ \d+, \d+:\d\d\s?[AP]M$/ })
      .first()
      .click();
    const confirm = card.getByTestId('booking-confirm');
    await confirm.getByText('Demo Host').first().waitFor();
    await confirm.getByRole('button', { name: 'Book and pay' }).click();
    await signUpInDialog(page, site.url, `newcomer-${randomUUID().slice(0, 8)}@example.com`, 'Nia');
    await page.getByRole('button', { name: /Nia/ }).waitFor();
    await page.getByTestId('booking-confirm').getByRole('button', { name: 'Book and pay' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL((url) => url.pathname === '/sessions' && url.searchParams.get('status') === 'success');
    await page.getByRole('heading', { name: 'Your session is booked' }).waitFor({ timeout: 20_000 });
    await close();
  });

  it('emails the demo host’s sign-in code to the outbox: the demo host can sign in and is a host', async () => {
    const { page, close } = await newPage();
    await page.goto('/dashboard?section=session-availability');
    await waitForHydration(page);
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.getByLabel('Email address').fill('host@demo.systemsculpt.local');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    const email = await waitForOutboxMessage('host@demo.systemsculpt.local', /is your SystemSculpt code$/, site.url);
    const code = /\b(\d{6})\b/.exec(email.subject)![1]!;
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Verify and continue' }).click();
    // The hours seeded on the first start, in the host's own zone.
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('Europe/London');
    expect(await page.getByLabel('Monday, period 1 starts').inputValue()).toBe('09:00');
    expect(await page.getByLabel('Monday, period 1 ends').inputValue()).toBe('17:00');
    expect(await page.getByText('Availability is for hosts').count()).toBe(0);
    await close();
  });
});

describe('coming back from Stripe with nothing booked', () => {
  it('says there is no booking to confirm instead of waiting, signed out', async () => {
    const { page, errors, close } = await newPage();
    await page.goto('/sessions?status=success');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'There is no booking to confirm' }).waitFor();
    expect(await page.getByText('Confirming your booking…').count()).toBe(0);
    expect(await page.getByRole('status').getByRole('link', { name: 'See open times' }).getAttribute('href')).toBe('/sessions');
    expect(errors).toEqual([]);
    await close();
  });

  it('cancelled while signed out: says so, and asks the server for nothing it would refuse', async () => {
    const { page, errors, close } = await newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto('/sessions?status=cancelled');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
