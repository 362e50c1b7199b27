import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, EmailTransport } from './email-message';

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
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
