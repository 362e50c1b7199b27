import { randomBytes, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue, Worker } from 'bullmq';
import { EmailDelivery } from '../../../backend/src/modules/email/email-delivery';
import { EMAIL_QUEUE, emailJobKey, type EmailJob } from '../../../backend/src/modules/email/jobs/email-job';
import { EmailsProcessor } from '../../../backend/src/modules/email/jobs/emails.processor';
import { OutboxTransport } from '../../../backend/src/emulators/outbox/outbox-transport';
import { SmtpTransport } from '../../../backend/src/modules/email/smtp-transport';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import type { EmailTransport } from '../../../backend/src/modules/email/email-message';
import { EmailPreferences } from '../../../backend/src/modules/preferences/email-preferences';
import { Resubscribe, ResubscribeHandler } from '../../../backend/src/modules/preferences/commands/resubscribe.handler';
import { SetTopics, SetTopicsHandler } from '../../../backend/src/modules/preferences/commands/set-topics.handler';
import { UnsubscribeAll, UnsubscribeAllHandler } from '../../../backend/src/modules/preferences/commands/unsubscribe-all.handler';
import { UnsubscribeTopic, UnsubscribeTopicHandler } from '../../../backend/src/modules/preferences/commands/unsubscribe-topic.handler';
import { emailPreferenceEvents } from '../../../backend/src/modules/preferences/preferences.events';
import { ManageEmailLinks } from '../../../backend/src/modules/preferences/manage-email-links';
import { ManageEmailTokens } from '../../../backend/src/modules/preferences/manage-email-token';
import { everyEmailKind } from '../../support/email-kinds';
import { eventually } from '../../support/site-client';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { uniqueQueuePrefix } from '../../support/test-database';
import { metadata, testPool } from '../../support/test-events';
import { testOrm } from '../events/support/orm';

const SITE = { from: 'SystemSculpt <hello@systemsculpt.test>', siteUrl: 'https://systemsculpt.test', supportEmail: 'support@systemsculpt.test' };

let orm: MikroORM;
let sink: SmtpSink;
let smtp: SmtpTransport;
let pool: ReturnType<typeof testPool>;
let preferences: EmailPreferences;
let store: EventStore;
// What the CommandBus would do with each preferences command, without an app.
const change = (command: SetTopics | UnsubscribeTopic | UnsubscribeAll | Resubscribe) => {
  if (command instanceof SetTopics) return new SetTopicsHandler(store).execute(command);
  if (command instanceof UnsubscribeTopic) return new UnsubscribeTopicHandler(store).execute(command);
  if (command instanceof UnsubscribeAll) return new UnsubscribeAllHandler(store).execute(command);
  return new ResubscribeHandler(store).execute(command);
};
const tokens = new ManageEmailTokens(randomBytes(32));
const links = new ManageEmailLinks(tokens, SITE.siteUrl);
const emailKinds = everyEmailKind();
const deliveryVia = (transport: EmailTransport) => new EmailDelivery(orm, transport, SITE, preferences, links, emailKinds);
beforeAll(async () => {
  orm = await testOrm();
  sink = await startSmtpSink();
  smtp = new SmtpTransport(sink.url);
  pool = testPool(4);
  store = new EventStore(pool, new EventRegistry().register(...emailPreferenceEvents));
  preferences = new EmailPreferences(store);
  // The newsletter is opt-in; the sample recipient has opted in.
  await change(new SetTopics('ada@example.com', { newsletter: true }, 'preferences', metadata()));
});
afterAll(async () => {
  await smtp.close();
  await sink.close();
  await pool.end();
  await orm.close(true);
});
beforeEach(() => sink.messages.splice(0));

const job = (overrides: Partial<EmailJob> = {}): EmailJob => ({
  key: emailJobKey(`evt-${randomUUID()}`, 'newsletter'),
  kind: 'newsletter',
  to: 'ada@example.com',
  data: emailKinds.get('newsletter').sample,
  timeZone: 'Europe/Berlin',
  ...overrides,
});

describe('sending through a real SMTP server', () => {
  it('delivers both parts with the right sender, recipient, Message-ID and one-click unsubscribe headers', async () => {
    const delivery = deliveryVia(smtp);
    const j = job();
    expect(await delivery.deliver(j)).toBe('sent');
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('SystemSculpt newsletter: November 2026');
    expect(mail!.from?.value[0]).toMatchObject({ name: 'SystemSculpt', address: 'hello@systemsculpt.test' });
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('ada@example.com');
    expect(mail!.messageId).toBe(`<${j.key}@systemsculpt.test>`);
    expect(mail!.text).toContain('Three vault setups from the community');
    expect(mail!.html).toContain('<h1');
    const manage = new URL(/https:\/\/systemsculpt\.test\/manage-email\?\S+/.exec(mail!.text!)![0]);
    expect(manage.searchParams.get('email')).toBe('ada@example.com');
    expect(tokens.verify('ada@example.com', 'manage', manage.searchParams.get('token')!).ok).toBe(true);
    const header = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>, <mailto:support@systemsculpt\.test\?subject=unsubscribe>$/.exec(header('list-unsubscribe') ?? '');
    const oneClick = new URL(listUnsubscribe![1]!);
    expect(oneClick.pathname).toBe('/email/unsubscribe');
    expect(oneClick.searchParams.get('topic')).toBe('newsletter');
    expect(tokens.verify('ada@example.com', 'unsubscribe.newsletter', oneClick.searchParams.get('token')!).ok).toBe(true);
  });

  it('sets Reply-To when asked (a contact message answered straight to its sender) and no unsubscribe on transactional mail', async () => {
    const delivery = deliveryVia(smtp);
    await delivery.deliver(
      job({
        key: emailJobKey(randomUUID(), 'support-contact-copy'),
        kind: 'support-contact-copy',
        data: emailKinds.get('support-contact-copy').sample,
        to: 'support@systemsculpt.test',
        replyTo: 'ada@example.com',
      }),
    );
    const [mail] = await sink.waitFor(1);
    expect(mail!.replyTo?.text).toBe('ada@example.com');
    expect(mail!.headerLines.some((h) => h.key.startsWith('list-unsubscribe'))).toBe(false);
  });

  it('sends one email per key, however often the job runs', async () => {
    const delivery = deliveryVia(smtp);
    const j = job();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await delivery.deliver(j));
    expect(results).toEqual(['sent', 'already-sent', 'already-sent', 'already-sent', 'already-sent']);
    await sink.waitFor(1);
    // The sink answers a message's DATA only once it has kept it, and every delivery above has returned: nothing sent is still on its way.
    expect(sink.messages).toHaveLength(1);
  });

  it('through the emails queue: a job enqueued twice with the same key, and retried after a failure, sends once', async () => {
    const prefix = uniqueQueuePrefix('email');
    const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };
    const queue = new Queue<EmailJob>(EMAIL_QUEUE, { connection, prefix });
    let failOnce = true;
    const flaky = {
      name: 'smtp' as const,
      send: async (message: Parameters<SmtpTransport['send']>[0]) => {
        if (failOnce) {
          failOnce = false;
          throw new Error('421 try again later');
        }
        await smtp.send(message);
      },
    };
    const processor = new EmailsProcessor(deliveryVia(flaky));
    const worker = new Worker<EmailJob>(EMAIL_QUEUE, (j) => processor.process(j), { connection, prefix });
    try {
      const j = job();
      const options = { jobId: j.key, attempts: 3, backoff: { type: 'fixed' as const, delay: 50 } };
      await queue.add(j.kind, j, options);
      await queue.add(j.kind, j, options);
      await sink.waitFor(1);
      // Once the job is completed nothing can send again: the second add was the same job id.
      await eventually(
        async () => (await queue.getJob(j.key))?.getState(),
        (state) => state === 'completed',
      );
      expect(sink.messages).toHaveLength(1);
      const done = await queue.getJob(j.key);
      expect(done?.attemptsMade).toBe(2);
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe('preferences at send time', () => {
  it('topic mail stops after an unsubscribe and resumes after a resubscribe; transactional mail always goes', async () => {
    const to = `pref-${randomUUID()}@example.com`;
    const delivery = deliveryVia(smtp);
    const update = (n: number) =>
      job({
        key: emailJobKey(`upd-${randomUUID()}`, 'product-update'),
        kind: 'product-update',
        to,
        data: { ...emailKinds.get('product-update').sample, title: `Update ${n}` },
      });
    expect(await delivery.deliver(update(1))).toBe('sent');
    await change(new UnsubscribeTopic(to, 'product_updates', 'one-click', metadata()));
    expect(await delivery.deliver(update(2))).toBe('suppressed');
    expect(
      await delivery.deliver(
        job({ key: emailJobKey(randomUUID(), 'purchase-receipt'), kind: 'purchase-receipt', to, data: emailKinds.get('purchase-receipt').sample }),
      ),
    ).toBe('sent');
    await change(new UnsubscribeAll(to, 'preferences', metadata()));
    await change(new SetTopics(to, { product_updates: true }, 'preferences', metadata()));
    expect(await delivery.deliver(update(3))).toBe('sent');
    await sink.waitFor(3);
    // Every delivery above has returned, after the sink kept what it was sent: a fourth message cannot still arrive.
    expect(sink.messages.map((m) => m.subject)).toEqual(["What's new: Update 1", expect.stringMatching(/^Your SystemSculpt receipt/), "What's new: Update 3"]);
  });

  it('a suppressed email stays unsent when its job is retried later', async () => {
    const to = `pref-${randomUUID()}@example.com`;
    await change(new SetTopics(to, { newsletter: true }, 'preferences', metadata()));
    await change(new UnsubscribeAll(to, 'preferences', metadata()));
    const j = job({ to });
    expect(await deliveryVia(smtp).deliver(j)).toBe('suppressed');
    await change(new Resubscribe(to, 'preferences', metadata()));
    expect(await deliveryVia(smtp).deliver(j)).toBe('already-sent');
    expect(await deliveryVia(smtp).deliver(job({ to }))).toBe('sent');
  });
});

describe('the local outbox', () => {
  it('keeps the message, both parts and headers, once per Message-ID', async () => {
    const delivery = deliveryVia(new OutboxTransport(orm));
    const j = job();
    await delivery.deliver(j);
    const rows = await orm.em
      .getConnection()
      .execute<Array<{ subject: string; html: string; text: string; headers: Record<string, string>; topic: string }>>(
        'select subject, html, text, headers, topic from email_outbox where message_id = ?',
        [`<${j.key}@systemsculpt.test>`],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'SystemSculpt newsletter: November 2026', topic: 'newsletter' });
    expect(rows[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(rows[0]!.html).toContain('</html>');
  });
});
