/**
 * A file sent with an email. Content is text (UTF-8), so a job carries it as JSON. A calendar
 * invite is `text/calendar` with its iTIP method as a parameter (`text/calendar; method=REQUEST`),
 * as RFC 6047 wants; the SMTP transport also makes it the message's calendar alternative.
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** The iTIP method of a calendar attachment (`REQUEST`, `CANCEL`, …), or null for anything else. */
export function calendarMethod(attachment: EmailAttachment): string | null {
  if (!/^text\/calendar\b/i.test(attachment.contentType)) return null;
  return /;\s*method=("?)([A-Za-z-]+)\1/i.exec(attachment.contentType)?.[2]?.toUpperCase() ?? 'PUBLISH';
}

/** An email ready for a transport: both parts, its headers, and a Message-ID tied to the job. */
export interface EmailMessage {
  messageId: string;
  kind: string;
  topic: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: EmailAttachment[];
}

export interface EmailTransport {
  readonly name: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}
