import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { EmailDelivery, emailJobKey, type EmailAttachment, EmailKinds } from '../../modules/email';
import { outboxListPage, outboxMessagePage, type OutboxRow } from './outbox-pages';

/** One kept email, whole. */
type StoredEmail = Omit<OutboxRow, 'attachments'> & { html: string; attachments: EmailAttachment[] };

// The HTML part is shown in a sandboxed frame of this origin: no scripts, images from anywhere.
const EMAIL_FRAME_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** /dev/outbox: what the local transport kept, and every template with sample data. Mounted by OutboxModule only. */
@Controller('dev/outbox')
export class OutboxController {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly delivery: EmailDelivery,
    private readonly kinds: EmailKinds,
  ) {}

  @Get()
  async list(@Res() res: Response): Promise<void> {
    const rows = await this.orm.em.getConnection().execute<OutboxRow[]>(`select id, kind, topic, from_address, to_address, subject, text, headers, created_at,
        (select coalesce(jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType')), '[]'::jsonb) from jsonb_array_elements(attachments) a) as attachments
       from email_outbox order by id desc limit 200`);
    const kinds = this.kinds.names().map((kind) => ({ kind, topic: this.kinds.get(kind).topic }));
    this.sendPage(res, outboxListPage(rows, kinds));
  }

  @Get('messages/:id')
  async message(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const row = await this.find(id);
    const attachments = row.attachments.map((a, index) => ({ ...a, href: `/dev/outbox/messages/${row.id}/attachments/${index}` }));
    this.sendPage(
      res,
      outboxMessagePage({
        title: row.subject,
        from: row.from_address,
        to: row.to_address,
        subject: row.subject,
        topic: row.topic,
        headers: row.headers,
        text: row.text,
        htmlSrc: `/dev/outbox/messages/${row.id}/html`,
        attachments,
      }),
    );
  }

  /** The file as the recipient would save it: always a download, never rendered on this origin. */
  @Get('messages/:id/attachments/:index')
  async attachment(@Param('id') id: string, @Param('index') index: string, @Res() res: Response): Promise<void> {
    const row = await this.find(id);
    const attachment = /^\d{1,3}$/.test(index) ? row.attachments[Number(index)] : undefined;
    if (!attachment) throw new NotFoundException('No such attachment');
    res.setHeader('content-security-policy', "default-src 'none'; sandbox");
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', 'no-store');
    res.attachment(attachment.filename);
    res.type(attachment.contentType).send(attachment.content);
  }

  @Get('messages/:id/html')
  async messageHtml(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const row = await this.find(id);
    this.sendEmailHtml(res, row.html);
  }

  @Get('preview/:kind')
  preview(@Param('kind') kind: string, @Res() res: Response): void {
    const message = this.sample(kind);
    this.sendPage(
      res,
      outboxMessagePage({
        title: `Preview: ${kind}`,
        from: message.from,
        to: message.to,
        subject: message.subject,
        topic: message.topic,
        headers: message.headers,
        text: message.text,
        htmlSrc: `/dev/outbox/preview/${kind}/html`,
      }),
    );
  }

  @Get('preview/:kind/html')
  previewHtml(@Param('kind') kind: string, @Res() res: Response): void {
    this.sendEmailHtml(res, this.sample(kind).html);
  }

  private sample(kind: string) {
    if (!this.kinds.has(kind)) throw new NotFoundException(`No email kind called ${kind}`);
    return this.delivery.message({
      key: emailJobKey('preview', kind),
      kind,
      to: 'ada@example.com',
      data: this.kinds.get(kind).sample,
      timeZone: 'Europe/Berlin',
    });
  }

  private async find(id: string): Promise<StoredEmail> {
    if (!/^\d{1,18}$/.test(id)) throw new NotFoundException('No such email');
    const [row] = await this.orm.em.getConnection().execute<Array<StoredEmail>>('select * from email_outbox where id = ?', [id]);
    if (!row) throw new NotFoundException('No such email');
    return row;
  }

  private sendPage(res: Response, body: string): void {
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    res.setHeader('cache-control', 'no-store');
    res.type('html').send(body);
  }

  private sendEmailHtml(res: Response, body: string): void {
    res.setHeader('content-security-policy', EMAIL_FRAME_CSP);
    res.setHeader('x-frame-options', 'SAMEORIGIN');
    this.sendPage(res, body);
  }
}
