import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { emailJobKey } from '../../backend/src/modules/email/jobs/email-job';
import { baseUrl, launchBrowser, openPage } from '../support/browser';
import { everyEmailKind } from '../support/email-kinds';
import { reloadUntil } from '../support/account-browser';
import { enqueueEmail } from '../support/outbox';

const emailKinds = everyEmailKind();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the dev outbox', () => {
  it('shows an email the worker sent through the emails queue: headers, HTML part in a sandboxed frame, text part', async () => {
    const to = `reader-${randomUUID().slice(0, 8)}@example.com`;
    await enqueueEmail({
      key: emailJobKey(randomUUID(), 'license-key'),
      kind: 'license-key',
      to,
      data: emailKinds.get('license-key').sample,
      timeZone: 'Europe/Berlin',
    });
    const { page, errors, close } = await openPage(browser);
    await page.goto('/dev/outbox');
    const link = page.getByRole('link', { name: 'Your Lifetime License key' }).first();
    // The worker delivers within a moment; reload until it has.
    await reloadUntil(page, () => link.isVisible());
    expect(await page.getByRole('row').filter({ hasText: to }).count()).toBe(1);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Your Lifetime License key' }).waitFor();
    expect(await page.getByRole('row', { name: /To/ }).filter({ hasText: to }).count()).toBe(1);
    expect(await page.locator('pre').textContent()).toContain('SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E');
    const frame = page.frameLocator('iframe[title="HTML part of the email"]');
    await frame.getByRole('heading', { name: 'Your license key' }).waitFor();
    expect(await frame.locator('body').textContent()).toContain('SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E');
    expect(errors).toEqual([]);
    await close();
  });

  it('previews every template with sample data, the HTML part framed under its own strict CSP', async () => {
    const list = await (await fetch(`${baseUrl()}/dev/outbox`)).text();
    for (const kind of emailKinds.names()) {
      expect(list).toContain(`href="/dev/outbox/preview/${kind}"`);
      const preview = await fetch(`${baseUrl()}/dev/outbox/preview/${kind}`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('x-robots-tag')).toContain('noindex');
      const framed = await fetch(`${baseUrl()}/dev/outbox/preview/${kind}/html`);
      expect(framed.status).toBe(200);
      expect(framed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(framed.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await framed.text()).toContain('</html>');
    }
    expect((await fetch(`${baseUrl()}/dev/outbox/preview/no-such-kind`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/dev/outbox/messages/abc`)).status).toBe(404);
  });
});
