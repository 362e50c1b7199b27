import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { deriveKey } from '../../../backend/src/platform/common/secrets/site-secret';
import { EmailDelivery } from '../../../backend/src/modules/email/email-delivery';
import { emailJobKey } from '../../../backend/src/modules/email/jobs/email-job';
import { OutboxTransport } from '../../../backend/src/emulators/outbox/outbox-transport';
import type { EmailPreferences } from '../../../backend/src/modules/preferences/email-preferences';
import { ManageEmailLinks } from '../../../backend/src/modules/preferences/manage-email-links';
import { ManageEmailTokens } from '../../../backend/src/modules/preferences/manage-email-token';
import { everyEmailKind } from '../../support/email-kinds';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { testOrm } from '../events/support/orm';

const SECRET = 'footer-links-secret-0123456789abcdef-xyz';
const emailKinds = everyEmailKind();
const names = emailKinds.names();

let api: TestApi;
let orm: MikroORM;
let delivery: EmailDelivery;
beforeAll(async () => {
  api = await startTestApi({ env: { SITE_TOKEN_SECRET: SECRET, QUEUE_PREFIX: uniqueQueuePrefix('footer') } });
  orm = await testOrm();
  // The links are signed exactly as the running site signs them (same secret, same derivation).
  const links = new ManageEmailLinks(new ManageEmailTokens(deriveKey({ value: Buffer.from(SECRET, 'utf8') }, 'manage-email')), api.url);
  // message() renders only: it never consults preferences or the transport.
  delivery = new EmailDelivery(
    orm,
    new OutboxTransport(orm),
    { from: 'SystemSculpt <hello@systemsculpt.test>', siteUrl: api.url, supportEmail: 'support@systemsculpt.test' },
    {} as EmailPreferences,
    links,
    emailKinds,
  );
});
afterAll(async () => {
  await orm.close(true);
  await api.close();
});

const unescape = (href: string) => href.replace(/&amp;/g, '&');

describe('the footer of every email', () => {
  it.each(names)('%s links, in both parts, to the recipient’s own preference page', async (kind) => {
    const to = `Footer.${randomUUID()}@Example.com`;
    const message = delivery.message({ key: emailJobKey(`evt-${randomUUID()}`, kind), kind, to, data: emailKinds.get(kind).sample, timeZone: 'Europe/London' });

    // The footer's link is the last of its name (the manage-email-link email's own button says the same).
    const htmlHref = [...message.html.matchAll(/<a href="([^"]+)"[^>]*>Manage your emails<\/a>/g)].at(-1)?.[1];
    expect(htmlHref).toBeDefined();
    const textHref = /Manage your emails: (\S+)/.exec(message.text.split('\n--\n')[1] ?? '')?.[1];
    expect(textHref).toBe(unescape(htmlHref!));

    const link = new URL(textHref!);
    expect(`${link.origin}${link.pathname}`).toBe(`${api.url}/manage-email`);
    expect(link.searchParams.get('email')).toBe(to.toLowerCase());

    // The link opens that address's preferences, not the "link doesn't work" page.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<h1');
    expect(body).toContain('Email preferences');
    expect(body).toContain(to.toLowerCase());
    expect(body).not.toContain("This link doesn't work");

    if (emailKinds.get(kind).topic === 'transactional') {
      expect(message.html).not.toContain('/email/unsubscribe');
    } else {
      // Topic mail also offers the one-click unsubscribe from its topic; a GET of it only shows a button.
      const unsubscribe = /Unsubscribe from [a-z ]+ emails: (\S+)/.exec(message.text)?.[1];
      expect(unsubscribe).toBeDefined();
      expect(message.html).toContain(unsubscribe!.replace(/&/g, '&amp;'));
      expect(message.headers['List-Unsubscribe']).toContain(`<${unsubscribe}>`);
      const confirm = await fetch(unsubscribe!);
      expect(confirm.status).toBe(200);
    }
  });
});
