import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { calendarMethod, type EmailMessage, type EmailTransport } from './email-message';

/** Sends through an SMTP server (production, and the tests' loopback server). */
export class SmtpTransport implements EmailTransport {
  readonly name = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transporter.sendMail({
      messageId: message.messageId,
      from: message.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
      ...mimeAttachments(message),
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * A calendar invite goes as nodemailer's `icalEvent`: a `text/calendar; method=…` alternative
 * beside the text and HTML, which is what Gmail and Outlook read as an invitation (with
 * accept/decline), plus the same file as an attachment for the clients that only open files.
 * Sending it as a plain attachment too would show the invitation twice. Other files are attachments.
 */
export function mimeAttachments(message: EmailMessage): Pick<SendMailOptions, 'attachments' | 'icalEvent'> {
  const invite = message.attachments.find((a) => calendarMethod(a) !== null);
  const others = message.attachments.filter((a) => a !== invite);
  return {
    ...(invite ? { icalEvent: { filename: invite.filename, method: calendarMethod(invite)!, content: invite.content } } : {}),
    ...(others.length > 0 ? { attachments: others.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
  };
}
