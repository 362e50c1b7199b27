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
}

export interface EmailTransport {
  readonly name: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}
