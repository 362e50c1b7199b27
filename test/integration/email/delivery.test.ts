import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue, Worker } from 'bullmq';
import { EmailDelivery } from '../../../backend/src/modules/email/email-delivery';
import { EMAIL_QUEUE, emailJobKey, type EmailJob } from '../../../backend/src/modules/email/email-job';
import { emailKinds } from '../../../backend/src/modules/email/email-kinds';
import { EmailsProcessor } from '../../../backend/src/modules/email/emails.processor';
import { OutboxTransport } from '../../../backend/src/modules/email/outbox-transport';
import { SmtpTransport } from '../../../backend/src/modules/email/smtp-transport';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { uniqueQueuePrefix } from '../../support/test-database';
import { testOrm } from '../events/support/orm';

const SITE = { from: 'SystemSculpt <hello@systemsculpt.test>', siteUrl: 'https://systemsculpt.test', supportEmail: 'support@systemsculpt.test' };

let orm: MikroORM;
let sink: SmtpSink;
let smtp: SmtpTransport;
beforeAll(async () => {
  orm = await testOrm();
  sink = await startSmtpSink();
  smtp = new SmtpTransport(sink.url);
});
afterAll(async () => {
  await smtp.close();
  await sink.close();
  await orm.close(true);
});
beforeEach(() => sink.messages.splice(0));

const job = (overrides: Partial<EmailJob> = {}): EmailJob => ({
  key: emailJobKey(`evt-${randomUUID()}`, 'newsletter'),
  kind: 'newsletter',
  to: 'ada@example.com',
  data: emailKinds.newsletter.sample,
  timeZone: 'Europe/Berlin',
  manageUrl: 'https://systemsculpt.test/manage-email?email=ada%40example.com&token=abc',
  unsubscribeUrl: 'https://systemsculpt.test/email/unsubscribe?token=abc',
  ...overrides,
});

describe('sending through a real SMTP server', () => {
  it('delivers both parts with the right sender, recipient, Message-ID and one-click unsubscribe headers', async () => {
    const delivery = new EmailDelivery(orm, smtp, SITE);
    const j = job();
    expect(await delivery.deliver(j)).toBe('sent');
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('SystemSculpt newsletter: November 2026');
    expect(mail!.from?.value[0]).toMatchObject({ name: 'SystemSculpt', address: 'hello@systemsculpt.test' });
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('ada@example.com');
    expect(mail!.messageId).toBe(`<${j.key}@systemsculpt.test>`);
    expect(mail!.text).toContain('Three vault setups from the community');
    expect(mail!.text).toContain(j.manageUrl);
    expect(mail!.html).toContain('<h1');
    const header = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <https://systemsculpt.test/email/unsubscribe?token=abc>, <mailto:support@systemsculpt.test?subject=unsubscribe>');
  });

  it('sets Reply-To when asked (a contact message answered straight to its sender) and no unsubscribe on transactional mail', async () => {
    const delivery = new EmailDelivery(orm, smtp, SITE);
    await delivery.deliver(job({ key: emailJobKey(randomUUID(), 'support-contact-copy'), kind: 'support-contact-copy', data: emailKinds['support-contact-copy'].sample, to: 'support@systemsculpt.test', replyTo: 'ada@example.com', manageUrl: undefined }));
    const [mail] = await sink.waitFor(1);
    expect(mail!.replyTo?.text).toBe('ada@example.com');
    expect(mail!.headerLines.some((h) => h.key.startsWith('list-unsubscribe'))).toBe(false);
  });

  it('sends one email per key, however often the job runs', async () => {
    const delivery = new EmailDelivery(orm, smtp, SITE);
    const j = job();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await delivery.deliver(j));
    expect(results).toEqual(['sent', 'already-sent', 'already-sent', 'already-sent', 'already-sent']);
    await sink.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toHaveLength(1);
  });

  it('through the emails queue: a job enqueued twice with the same key, and retried after a failure, sends once', async () => {
    const prefix = uniqueQueuePrefix('email');
    const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };
    const queue = new Queue<EmailJob>(EMAIL_QUEUE, { connection, prefix });
    let failOnce = true;
    const flaky = { name: 'smtp' as const, send: async (message: Parameters<SmtpTransport['send']>[0]) => {
      if (failOnce) {
        failOnce = false;
        throw new Error('421 try again later');
      }
      await smtp.send(message);
    } };
    const processor = new EmailsProcessor(new EmailDelivery(orm, flaky, SITE));
    const worker = new Worker<EmailJob>(EMAIL_QUEUE, (j) => processor.process(j), { connection, prefix });
    try {
      const j = job();
      const options = { jobId: j.key, attempts: 3, backoff: { type: 'fixed' as const, delay: 50 } };
      await queue.add(j.kind, j, options);
      await queue.add(j.kind, j, options);
      await sink.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
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

describe('the local outbox', () => {
  it('keeps the message, both parts and headers, once per Message-ID', async () => {
    const delivery = new EmailDelivery(orm, new OutboxTransport(orm), SITE);
    const j = job();
    await delivery.deliver(j);
    const rows = await orm.em.getConnection().execute<Array<{ subject: string; html: string; text: string; headers: Record<string, string>; topic: string }>>('select subject, html, text, headers, topic from email_outbox where message_id = ?', [`<${j.key}@systemsculpt.test>`]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'SystemSculpt newsletter: November 2026', topic: 'newsletter' });
    expect(rows[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(rows[0]!.html).toContain('</html>');
  });
});
