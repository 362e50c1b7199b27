import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { signUpInDialog } from '../support/account-browser';
import { DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from '../support/browser';
import { waitForOutboxMessage } from '../support/outbox';
import { callFn, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

const ZONE = 'Asia/Tokyo';
const HOST_EMAIL = `host-${randomUUID().slice(0, 8)}@example.com`;
const CUSTOMER_EMAIL = `cora-${randomUUID().slice(0, 8)}@example.com`;
const SESSION = '30-minute setup session';

// Axe on pages with many slot buttons takes a while on a busy machine.
jest.setTimeout(60_000);

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('booking-e2e', { LOCAL_ADMIN_EMAILS: HOST_EMAIL })]);
  const host = await signUpOverHttp(site, HOST_EMAIL, 'Hana Host');
  const saved = await callFn(site.url, 'saveHostAvailability', { schedule: roundTheClockOnWeekdays() }, { cookie: host });
  expect({ status: saved.status, error: saved.error }).toEqual({ status: 200, error: undefined });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a customer in Tokyo books a 1-on-1 session, moves it and cancels it', () => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  let booked: Slot;
  beforeAll(async () => {
    context = await browser.newContext({ ...DESKTOP, baseURL: site.url, timezoneId: ZONE });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    watchErrors(page, errors);
  });
  afterAll(() => context.close());

  it('shows the open times in the visitor’s zone, named, and keeps the chosen time through the sign-in', async () => {
    booked = await openSlot(SESSION, (slot) => daysAhead(slot) >= 3);
    await page.goto('/sessions');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Book a session with us' }).waitFor();
    await page.getByTestId('time-zone').getByText(`Times in ${ZONE}`).waitFor();

    const card = sessionCard(page, SESSION);
    await expectText(card, '$49.00');
    await chooseSlot(card, booked);
    const confirm = card.getByTestId('booking-confirm');
    await confirm.getByRole('heading', { name: 'Book and pay' }).waitFor();
    await expectText(confirm, formatLong(booked.start));
    await expectText(confirm, '30 minutes');
    await expectText(confirm, 'Hana');
    await expectText(confirm, /hold this time for you for \d+ minutes while you pay/);
    await expectText(confirm, /24 hours/);

    await confirm.getByRole('button', { name: 'Book and pay' }).click();
    await signUpInDialog(page, site.url, CUSTOMER_EMAIL, 'Cora');
    await page.getByRole('button', { name: /Cora/ }).waitFor();
    await expectText(sessionCard(page, SESSION).getByTestId('booking-confirm'), formatLong(booked.start));
  });

  it('pays on Stripe’s checkout and comes back to a confirmed booking', async () => {
    await sessionCard(page, SESSION).getByRole('button', { name: 'Book and pay' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Pay $49.00' }).click();
    await page.waitForURL((url) => url.pathname === '/sessions' && url.searchParams.get('status') === 'success');
    await page.getByRole('heading', { name: 'Your session is booked' }).waitFor({ timeout: 20_000 });
    await waitForOutboxMessage(CUSTOMER_EMAIL, /^Booked: /, site.url);
  });

  it('lists it in the dashboard, in the visitor’s zone, with its meeting link', async () => {
    await page.getByRole('link', { name: 'See your sessions' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('section') === 'sessions');
    await page.getByTestId('time-zone').getByText(`Times in ${ZONE}`).waitFor();
    const row = bookedRow(page);
    await expectText(row, 'Confirmed');
    await expectText(row.getByTestId('booked-session-time'), formatLong(booked.start, { year: true }));
    await row.getByRole('link', { name: /Join the meeting/ }).waitFor();
    await page
      .getByText(/24 hours before/)
      .first()
      .waitFor();
  });

  it('has no axe violations on the dashboard’s sessions, on a desktop and a phone, and no sideways scroll on the phone', async () => {
    expect(await violations(page)).toEqual([]);
    const phone = await browser.newContext({ ...PHONE, baseURL: site.url, timezoneId: ZONE, storageState: await context.storageState() });
    const phonePage = await phone.newPage();
    await phonePage.goto('/dashboard?section=sessions');
    await waitForHydration(phonePage);
    await bookedRow(phonePage).waitFor();
    expect(await violations(phonePage)).toEqual([]);
    expect(await fitsTheScreen(phonePage)).toBe(true);
    await phone.close();
  });

  it('reschedules it to another time, which the list then shows', async () => {
    const row = bookedRow(page);
    await row.getByRole('button', { name: /^Reschedule/ }).click();
    const { result } = await callFnAs<{ slots: Slot[] }>(page, 'getRescheduleSlots', { bookingId: await row.getAttribute('data-booking-id') }, 'GET');
    const target = result!.slots.find((slot) => daysAhead(slot) >= 3 && dayOf(slot.start) !== dayOf(booked.start));
    expect(target).toBeDefined();
    const picker = row.getByRole('group', { name: `Reschedule ${SESSION}` });
    await chooseSlot(picker, target!);
    await picker.getByRole('button', { name: 'Move my session' }).click();
    await page.getByText(/^Moved: /).waitFor();
    await expectText(row.getByTestId('booked-session-time'), formatLong(target!.start, { year: true }));
    booked = target!;
  });

  it('cancels it more than 24 hours ahead: a full refund, shown in the list and emailed', async () => {
    await bookedRow(page)
      .getByRole('button', { name: new RegExp(`^Cancel ${SESSION}`) })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await expectText(dialog, 'full refund of $49.00');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = bookedRow(page);
    await expectText(row, 'Cancelled');
    await expectText(row, 'Refunded in full');
    expect(await row.getByRole('button', { name: /^Reschedule/ }).count()).toBe(0);
    const email = await waitForOutboxMessage(CUSTOMER_EMAIL, /^Cancelled: /, site.url);
    expect(email.page).toContain('$49.00');
  });

  it('gives the time back when the customer cancels on Stripe’s page', async () => {
    const slot = await openSlot(SESSION, (s) => daysAhead(s) >= 3);
    await page.goto('/sessions');
    await waitForHydration(page);
    const card = sessionCard(page, SESSION);
    await chooseSlot(card, slot);
    await card.getByRole('button', { name: 'Book and pay' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === '/sessions' && url.searchParams.get('status') === 'cancelled');
    await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
    await expectText(page.getByRole('status').filter({ hasText: 'Booking cancelled' }), 'Nothing was charged');
    await chooseDay(sessionCard(page, SESSION), slot);
    await slotButton(sessionCard(page, SESSION), slot).waitFor();
  });

  it('says so near the slot when someone else takes the chosen time first, and refreshes the times', async () => {
    const slot = await openSlot(SESSION, (s) => daysAhead(s) >= 3);
    await page.goto('/sessions');
    await waitForHydration(page);
    const card = sessionCard(page, SESSION);
    await chooseSlot(card, slot);
    const rival = await signUpOverHttp(site, `rival-${randomUUID().slice(0, 8)}@example.com`, 'Rita Rival');
    const taken = await callFn(
      site.url,
      'bookSession',
      { sessionTypeId: slot.sessionTypeId, hostUserId: slot.hostUserId, start: slot.start, timeZone: 'Europe/Paris' },
      { cookie: rival },
    );
    expect(taken.status).toBe(200);
    await card.getByRole('button', { name: 'Book and pay' }).click();
    await card.getByRole('alert').filter({ hasText: /taken/ }).waitFor();
    await card.getByTestId('booking-confirm').waitFor({ state: 'detached' });
    await slotButton(card, slot).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

describe('the sessions page on its own', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('has no axe violations, no hydration errors and no sideways scroll on a %s, also with a time chosen', async (_name, viewport) => {
    const context = await browser.newContext({ ...viewport, baseURL: site.url, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto('/sessions');
    await waitForHydration(page);
    await page.getByTestId('time-zone').getByText('Times in America/New_York').waitFor();
    expect(await violations(page)).toEqual([]);
    const slot = await openSlot(SESSION, (s) => daysAhead(s) >= 2);
    await chooseSlot(sessionCard(page, SESSION), slot);
    await page.getByTestId('booking-confirm').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await fitsTheScreen(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an invalid status with a 400 and an error screen that leads back', async () => {
    const context = await browser.newContext({ ...DESKTOP, baseURL: site.url });
    const page = await context.newPage();
    const response = await page.goto('/sessions?status=bogus');
    expect(response?.status()).toBe(400);
    await waitForHydration(page);
    await page.getByRole('heading', { name: "We can't open this booking page" }).waitFor();
    await page.getByRole('alert').getByText('There is no booking status “bogus”. The status can be success, cancelled or error.').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'See open times' }).click();
    await page.waitForURL((url) => url.pathname === '/sessions' && url.search === '');
    await page.getByRole('heading', { level: 1, name: 'Book a session with us' }).waitFor();
    await context.close();
  });

  it('lists /sessions in the sitemap', async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)).toContain('/sessions');
  });
});

describe('with no host open (the shared e2e site has none)', () => {
  it('says plainly that there are no open times, and how to ask for one', async () => {
    const { page, errors, close } = await openPage(browser, PHONE);
    await page.goto('/sessions');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'No open times right now' }).waitFor();
    expect(await page.getByRole('link', { name: 'Contact us', exact: true }).getAttribute('href')).toBe('/contact');
    await page.getByRole('heading', { name: SESSION }).waitFor();
    expect(await page.getByRole('button', { name: /open times?$/ }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

interface Slot {
  sessionTypeId: string;
  start: string;
  end: string;
  hostUserId: string;
}

/** A host open round the clock on weekdays, in UTC, bookable at once: open slots whatever the time of day. */
function roundTheClockOnWeekdays() {
  const day = [{ start: '00:00', end: '24:00' }];
  return {
    timeZone: 'UTC',
    weekly: { '1': day, '2': day, '3': day, '4': day, '5': day, '6': [], '7': [] },
    overrides: {},
    bufferMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 14,
    meetingUrl: 'https://meet.example.com/hana',
  };
}

/** An open slot of the session titled `title`, as the sessions page reads them right now. */
async function openSlot(title: string, fits: (slot: Slot) => boolean): Promise<Slot> {
  const { result, error } = await callFn(site.url, 'getSessionsPageData', {}, { method: 'GET' });
  if (!result) throw new Error(`getSessionsPageData refused: ${JSON.stringify(error)}`);
  const type = (result.sessionTypes as Array<{ id: string; title: string; slots: Omit<Slot, 'sessionTypeId'>[] }>).find((t) => t.title === title);
  const slot = type?.slots.find((s) => fits({ ...s, sessionTypeId: type.id }));
  if (!type || !slot) throw new Error(`no open slot of ${title} fits`);
  return { ...slot, sessionTypeId: type.id };
}

const daysAhead = (slot: { start: string }) => (Date.parse(slot.start) - Date.now()) / 86_400_000;

const format = (iso: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: ZONE }).format(new Date(iso));
const dayOf = (iso: string) => format(iso, { year: 'numeric', month: '2-digit', day: '2-digit' });
const dayShort = (iso: string) => format(iso, { weekday: 'short', month: 'short', day: 'numeric' });
const dayLong = (iso: string) => format(iso, { weekday: 'long', month: 'long', day: 'numeric' });
const time = (iso: string) => format(iso, { hour: 'numeric', minute: '2-digit' });

/** "Monday, June 3, 9:00 AM" (or "Mon, Jun 3, 2026, 9:00 AM"), matched whatever space Intl puts before AM. */
function formatLong(iso: string, { year = false } = {}): RegExp {
  const day = year ? format(iso, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }) : dayLong(iso);
  return spaced(`${day}, ${time(iso)}`);
}

const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));

function sessionCard(page: Page, title: string): Locator {
  return page.getByTestId('session-type').filter({ has: page.getByRole('heading', { name: title }) });
}

function bookedRow(page: Page): Locator {
  return page.getByTestId('booked-session').filter({ hasText: SESSION }).first();
}

/** The slot's button: its name says the day and the time. */
function slotButton(scope: Locator, slot: Slot): Locator {
  return scope.getByRole('button', { name: new RegExp(`^${spaced(`${dayLong(slot.start)}, ${time(slot.start)}`).source}$`) });
}

/** Picks the slot's day: its button's name is the day, then how many times are open. */
async function chooseDay(scope: Locator, slot: Slot): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`^${spaced(dayShort(slot.start)).source}, \\d+ open times?$`) }).click();
}

async function chooseSlot(scope: Locator, slot: Slot): Promise<void> {
  await chooseDay(scope, slot);
  await slotButton(scope, slot).click();
}

async function expectText(scope: Locator, text: string | RegExp): Promise<void> {
  await scope.getByText(text).first().waitFor();
}

/** Calls a server function with the page's cookies, as the page does. */
async function callFnAs<T>(page: Page, id: string, input: unknown, method: 'GET' | 'POST'): Promise<{ result?: T; error?: unknown }> {
  const url = `/_serverFn/${id}${method === 'GET' ? `?payload=${encodeURIComponent(JSON.stringify(input))}` : ''}`;
  const response = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data: input });
  return (await response.json()) as { result?: T; error?: unknown };
}

function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
}

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
