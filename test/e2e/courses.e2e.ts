import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { openSitePage, reloadUntil, signUpInDialog } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { builtCourse } from '../support/course-fixture';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

// The real course, as the build made it from library/from-audio-to-notes/lessons (the site's default LIBRARY_DIST).
const FIXTURE_COURSE = { resourceId: 'from-audio-to-notes', title: 'From Audio to Notes' };
const course = FIXTURE_COURSE.resourceId;
const FIXTURE_LESSONS = builtCourse(course);
const [first, second, third] = FIXTURE_LESSONS as [(typeof FIXTURE_LESSONS)[number], (typeof FIXTURE_LESSONS)[number], (typeof FIXTURE_LESSONS)[number]];
const total = FIXTURE_LESSONS.length;

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  // One after the other, so a site that fails to start still leaves a browser for afterAll to close.
  browser = await launchBrowser();
  site = await startAddressableSite('courses-e2e');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect({ label, violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ label, violations: [] });
}

const lessonUrl = (slug: string) => (url: URL) => url.pathname === `/learn/${course}/${slug}`;

describe('a customer taking a course they bought', () => {
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ page, errors, close } = await openSitePage(browser, site.url));
  });
  afterAll(() => close());

  it('is sent to sign in and back; without the course, is told how to get it', async () => {
    await page.goto(`/learn/${course}`);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await signUpInDialog(page, site.url, `learner-${randomUUID().slice(0, 8)}@example.com`, 'Lea');
    await page.waitForURL((url) => url.pathname === `/learn/${course}`);
    await page.getByRole('heading', { name: 'This course is locked' }).waitFor();
    await page.getByText(`“${FIXTURE_COURSE.title}” is not on your account. Get it on its page`).waitFor();
    expect(await page.getByRole('link', { name: 'See how to get it' }).getAttribute('href')).toBe(`/resources/${course}`);
    await expectNoAxeViolations(page, 'course not on the account');
  });

  it('buys the course and opens it: every lesson in order, none done, "Start course"', async () => {
    await page.goto(`/checkout?resourceId=${course}`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Pay $39.00' }).click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });

    const response = await page.goto(`/learn/${course}`);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await reloadUntil(page, async () => (await page.getByRole('heading', { level: 1, name: FIXTURE_COURSE.title }).count()) === 1);
    await waitForHydration(page);
    expect(await page.getByTestId('course-progress').textContent()).toBe(`0 of ${total} lessons done`);
    expect(await page.getByTestId('course-lessons').getByRole('link').allTextContents()).toEqual(
      FIXTURE_LESSONS.map((l, i) => expect.stringContaining(`${i + 1}. ${l.title}`)),
    );
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await expectNoAxeViolations(page, 'course home, desktop');
  });

  it('completes two lessons with "Mark complete and continue"', async () => {
    await page.getByRole('link', { name: 'Start course' }).click();
    await page.waitForURL(lessonUrl(first.slug));
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByRole('heading', { level: 2, name: first.firstHeading }).waitFor();
    expect(await page.getByTestId('lesson-position').textContent()).toContain(`Lesson 1 of ${total}`);
    await expectNoAxeViolations(page, 'lesson, desktop');

    await page.getByRole('button', { name: 'Mark complete and continue' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(lessonUrl(second.slug));
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    // Focus moves to the new lesson's title, where a keyboard or screen-reader user reads on.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(second.title);
    await page.getByRole('button', { name: 'Mark complete and continue' }).click();
    await page.waitForURL(lessonUrl(third.slug));
    await page.getByRole('heading', { level: 1, name: third.title }).waitFor();
    await page.getByRole('button', { name: 'Mark complete and continue' }).waitFor();
  });

  it('keeps the progress across a reload, and "Continue" leads to the next lesson', async () => {
    await page.goto(`/learn/${course}`);
    await waitForHydration(page);
    expect(await page.getByTestId('course-progress').textContent()).toBe(`2 of ${total} lessons done`);
    const lessons = await page.getByTestId('course-lessons').getByRole('link').allTextContents();
    expect(lessons.map((text) => text.includes('(done)'))).toEqual(FIXTURE_LESSONS.map((_, i) => i < 2));
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('course-progress').textContent()).toBe(`2 of ${total} lessons done`);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(lessonUrl(third.slug));
  });

  it('moves between lessons with previous and next; a completed lesson says so after a reload', async () => {
    await page.getByRole('link', { name: /Previous lesson/ }).click();
    await page.waitForURL(lessonUrl(second.slug));
    await page.getByTestId('lesson-done').waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('lesson-done').waitFor();
    expect(await page.getByText('You completed this lesson.').count()).toBe(1);
    await page.getByRole('link', { name: /Next lesson/ }).click();
    await page.waitForURL(lessonUrl(third.slug));
    const last = FIXTURE_LESSONS.at(-1)!;
    await page
      .getByRole('complementary', { name: 'Course lessons' })
      .getByRole('link', { name: new RegExp(`^${total}\\. `) })
      .click();
    await page.waitForURL(lessonUrl(last.slug));
    await page.getByRole('heading', { level: 1, name: last.title }).waitFor();
    expect(await page.getByRole('link', { name: /Next lesson/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark complete and finish' }).click();
    await page.waitForURL((url) => url.pathname === `/learn/${course}`);
    expect(await page.getByTestId('course-progress').textContent()).toBe(`3 of ${total} lessons done`);
    expect((await page.getByTestId('course-lessons').getByRole('link').allTextContents()).at(-1)).toContain('(done)');
    expect(errors).toEqual([]);
  });

  it('reads well on a phone: no sideways scrolling, no axe violations on either page', async () => {
    const phone = await browser.newContext({ ...PHONE, baseURL: site.url, storageState: await page.context().storageState() });
    try {
      const phonePage = await phone.newPage();
      for (const path of [`/learn/${course}`, `/learn/${course}/${second.slug}`]) {
        await phonePage.goto(path);
        await waitForHydration(phonePage);
        expect(await phonePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectNoAxeViolations(phonePage, `${path}, phone`);
      }
    } finally {
      await phone.close();
    }
  });
});
