import type { MikroORM } from '@mikro-orm/postgresql';
import type { EmailJob } from './email-job';
import type { EmailMessage, EmailTransport } from './email-message';
import { renderEmail } from './render-email';

export interface EmailDeliveryOptions {
  from: string;
  siteUrl: string;
  supportEmail: string;
}

/**
 * Renders a job's email and hands it to the transport, once per job key: a retried or repeated
 * job finds its delivery row and sends nothing. The Message-ID is derived from the key too, so in
 * the rare crash between sending and recording, the resent copy is recognisably the same message.
 */
export class EmailDelivery {
  constructor(
    private readonly orm: MikroORM,
    private readonly transport: EmailTransport,
    private readonly options: EmailDeliveryOptions,
  ) {}

  async deliver(job: EmailJob): Promise<'sent' | 'already-sent'> {
    const connection = this.orm.em.getConnection();
    const done = await connection.execute<{ job_key: string }[]>('select job_key from email_deliveries where job_key = ?', [job.key]);
    if (done.length > 0) return 'already-sent';
    const message = this.message(job);
    await this.transport.send(message);
    await connection.execute(
      'insert into email_deliveries (job_key, message_id, kind, to_address, transport) values (?, ?, ?, ?, ?) on conflict (job_key) do nothing',
      [job.key, message.messageId, job.kind, job.to, this.transport.name],
    );
    return 'sent';
  }

  message(job: EmailJob): EmailMessage {
    const rendered = renderEmail(job.kind, job.data as never, {
      siteUrl: this.options.siteUrl,
      supportEmail: this.options.supportEmail,
      timeZone: job.timeZone ?? 'UTC',
      manageUrl: job.manageUrl,
    });
    const headers: Record<string, string> = {};
    if (rendered.topic !== 'transactional' && job.unsubscribeUrl) {
      // RFC 8058 one-click unsubscribe; mail clients POST to the URL.
      headers['List-Unsubscribe'] = `<${job.unsubscribeUrl}>, <mailto:${this.options.supportEmail}?subject=unsubscribe>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return {
      messageId: `<${job.key}@${new URL(this.options.siteUrl).hostname}>`,
      kind: job.kind,
      topic: rendered.topic,
      from: this.options.from,
      to: job.to,
      replyTo: job.replyTo,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers,
    };
  }
}
