import type { MikroORM } from '@mikro-orm/postgresql';
import type { EmailJob } from './jobs/email-job';
import type { EmailMessage, EmailTransport } from './email-message';
import type { EmailPreferences, ManageEmailLinks } from '../preferences';
import { renderEmail } from './render-email';
import type { EmailKinds } from './email-kinds';
import { emailDeliveryTables } from './email-delivery.entity';

export interface EmailDeliveryOptions {
  from: string;
  siteUrl: string;
  supportEmail: string;
}

export type DeliveryResult = 'sent' | 'already-sent' | 'suppressed';

/**
 * Renders a job's email and hands it to the transport, once per job key: a retried or repeated
 * job finds its delivery row and sends nothing. The Message-ID is derived from the key too, so in
 * the rare crash between sending and recording, the resent copy is recognisably the same message.
 * Every email carries a signed link to the recipient's preferences; topic mail is checked against
 * them at send time and carries the one-click unsubscribe too; transactional mail always goes.
 */
export class EmailDelivery {
  constructor(
    private readonly orm: MikroORM,
    private readonly transport: EmailTransport,
    private readonly options: EmailDeliveryOptions,
    private readonly preferences: EmailPreferences,
    private readonly links: ManageEmailLinks,
    private readonly kinds: EmailKinds,
  ) {}

  async deliver(job: EmailJob): Promise<DeliveryResult> {
    if (await this.wasSent(job.key)) return 'already-sent';
    const { topic } = this.kinds.get(job.kind);
    if (topic !== 'transactional' && !(await this.preferences.isTopicOn(job.to, topic))) {
      await this.record(job, `<${job.key}@suppressed>`, 'suppressed');
      return 'suppressed';
    }
    const message = this.message(job);
    await this.transport.send(message);
    await this.record(job, message.messageId, this.transport.name);
    return 'sent';
  }

  /** Whether the email of this job key was sent (or held back by preferences) already. */
  async wasSent(key: string): Promise<boolean> {
    const done = await emailDeliveryTables(this.orm.em).selectFrom('email_deliveries').select('job_key').where('job_key', '=', key).executeTakeFirst();
    return done !== undefined;
  }

  /** Whether anything was ever sent (or held back by preferences) to this address. */
  async hasMailed(address: string): Promise<boolean> {
    const row = await emailDeliveryTables(this.orm.em)
      .selectFrom('email_deliveries')
      .select('job_key')
      .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.toLowerCase()))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  message(job: EmailJob): EmailMessage {
    const { topic } = this.kinds.get(job.kind);
    const unsubscribeUrl = topic === 'transactional' ? undefined : this.links.unsubscribeUrl(job.to, topic);
    const rendered = renderEmail(this.kinds, job.kind, job.data as never, {
      siteUrl: this.options.siteUrl,
      supportEmail: this.options.supportEmail,
      timeZone: job.timeZone ?? 'UTC',
      manageUrl: this.links.manageUrl(job.to),
      unsubscribeUrl,
    });
    const headers: Record<string, string> = {};
    if (topic !== 'transactional') {
      // RFC 8058 one-click unsubscribe from this email's topic; mail clients POST to the URL.
      headers['List-Unsubscribe'] = `<${unsubscribeUrl}>, <mailto:${this.options.supportEmail}?subject=unsubscribe>`;
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
      attachments: job.attachments ?? [],
    };
  }

  private async record(job: EmailJob, messageId: string, transport: string): Promise<void> {
    await emailDeliveryTables(this.orm.em)
      .insertInto('email_deliveries')
      .values({
        job_key: job.key,
        message_id: messageId,
        kind: job.kind,
        to_address: job.to,
        transport,
        causation_id: job.cause?.causationId ?? null,
        correlation_id: job.cause?.correlationId ?? null,
      })
      .onConflict((oc) => oc.column('job_key').doNothing())
      .execute();
  }
}
