import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { emailJobKey } from '../../backend/src/modules/email/jobs/email-job';
import { baseUrl, launchBrowser, openPage, waitForHydration } from '../support/browser';
import { everyEmailKind } from '../support/email-kinds';
import { enqueueEmail, linkIn, waitForOutboxMessage } from '../support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const address = `reader-${randomUUID().slice(0, 8)}@example.com`;

describe('contact, then managing email from the links in the emails', () => {
  it('sends the contact form: field errors first, then the message, its copy to support and the acknowledgement', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Tell us your name.').waitFor();
    expect(await page.getByLabel('Your name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('What is it about?').selectOption('licensing');
    await page.getByLabel('Message').fill('Can I move my license to a new email address?\nThanks!');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Thanks, your message is on its way' }).waitFor();
    expect(await page.getByText(`We've sent a copy to ${address}.`).count()).toBe(1);

    const acknowledgement = await waitForOutboxMessage(address, /^We got your message$/);
    expect(acknowledgement.page).toContain('License keys and seats');
    const copy = await waitForOutboxMessage('support@systemsculpt.com', /^\[Contact\] License keys and seats: Ada Lovelace$/);
    expect(copy.page).toContain(`<th scope="row">Reply-To</th><td>${address}</td>`);
    expect(copy.page).toContain('Can I move my license to a new email address?');

    // A form token sends one message: the next message goes out with a fresh one, first time.
    await page.getByRole('button', { name: 'Send another message' }).click();
    await page.getByLabel('Your name').waitFor();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('What is it about?').selectOption('licensing');
    await page.getByLabel('Message').fill('And may I keep the old one for a week?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Thanks, your message is on its way' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('sends the contact form as a plain HTML form when JavaScript is off', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    const sender = `nojs-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Email address').fill(sender);
    await page.getByLabel('What is it about?').selectOption('technical');
    await page.getByLabel('Message').fill('The similar-notes pane stays empty after indexing.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/contact\?status=sent$/);
    await page.getByRole('heading', { name: 'Thanks, your message is on its way' }).waitFor();
    await waitForOutboxMessage(sender, /^We got your message$/);
    await context.close();
  });

  it('asks for a fresh preference link, follows it from the outbox and turns a topic on', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/manage-email');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Manage your emails' }).waitFor();
    await page.getByLabel('Your email address').fill(address);
    await page.getByRole('button', { name: 'Email me a fresh link' }).click();
    await page.getByText('a fresh link is on its way').waitFor();

    const email = await waitForOutboxMessage(address, /^Your link to manage SystemSculpt emails$/);
    await page.goto(linkIn(email, /(https?:\/\/[^\s"<]+\/manage-email\?[^\s"<]+)/));
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Email preferences' }).waitFor();
    const newsletter = page.getByRole('switch', { name: 'Newsletter' });
    expect(await newsletter.getAttribute('aria-checked')).toBe('false');
    await newsletter.click();
    await page.getByText('Saved: Newsletter on.').waitFor();
    expect(await newsletter.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    expect(await page.getByRole('switch', { name: 'Newsletter' }).getAttribute('aria-checked')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  it('unsubscribes with the one-click POST from a topic email’s List-Unsubscribe header', async () => {
    await enqueueEmail({
      key: emailJobKey(randomUUID(), 'product-update'),
      kind: 'product-update',
      to: address,
      data: everyEmailKind().get('product-update').sample,
    });
    const update = await waitForOutboxMessage(address, /^What's new/);
    expect(update.page).toContain('List-Unsubscribe=One-Click');
    const oneClick = linkIn(update, /List-Unsubscribe<\/t[hd]><td><(https?:\/\/[^>]+)>/);
    const prefetched = await fetch(oneClick, { redirect: 'manual' });
    expect(prefetched.status).toBe(200);
    const posted = await fetch(oneClick, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('location')).toBeNull();

    const { page, close } = await openPage(browser);
    const manage = await waitForOutboxMessage(address, /^Your link to manage SystemSculpt emails$/);
    await page.goto(linkIn(manage, /(https?:\/\/[^\s"<]+\/manage-email\?[^\s"<]+)/));
    await page.getByRole('heading', { level: 1, name: 'Email preferences' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Product updates' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: 'Newsletter' }).getAttribute('aria-checked')).toBe('true');
    await close();
  });
});
