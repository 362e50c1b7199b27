import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { within } from './waits';

/** A real SMTP server on loopback that keeps what it receives, parsed, for assertions. */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const arrivals: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          arrivals.splice(0).forEach((arrived) => arrived());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      const enough = new Promise<void>((resolve) => {
        const check = () => (messages.length >= count ? resolve() : arrivals.push(check));
        check();
      });
      // The count in the failure is the one at the deadline, not at the call.
      await within(enough, timeoutMs, 'late').catch(() => {
        throw new Error(`Expected ${count} messages, got ${messages.length}`);
      });
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
