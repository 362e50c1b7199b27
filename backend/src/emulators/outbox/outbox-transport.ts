import type { MikroORM } from '@mikro-orm/postgresql';
import type { EmailMessage, EmailTransport } from '../../modules/email';

/** The embedded default: keeps every message in Postgres for the /dev/outbox page. */
export class OutboxTransport implements EmailTransport {
  readonly name = 'outbox' as const;

  constructor(private readonly orm: MikroORM) {}

  async send(message: EmailMessage): Promise<void> {
    // Kept as they would go on the wire, so the outbox shows Reply-To and Message-ID too.
    const headers = { 'Message-ID': message.messageId, ...(message.replyTo ? { 'Reply-To': message.replyTo } : {}), ...message.headers };
    await this.orm.em.getConnection().execute(
      `insert into email_outbox (message_id, kind, topic, from_address, to_address, subject, html, text, headers, attachments)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb) on conflict (message_id) do nothing`,
      [
        message.messageId,
        message.kind,
        message.topic,
        message.from,
        message.to,
        message.subject,
        message.html,
        message.text,
        JSON.stringify(headers),
        JSON.stringify(message.attachments),
      ],
    );
  }
}
