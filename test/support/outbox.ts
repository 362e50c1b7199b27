import { Queue } from 'bullmq';
import { EMAIL_QUEUE, type EmailJob } from '../../backend/src/modules/email/jobs/email-job';
import { baseUrl } from './browser';
import { eventually } from './waits';

export interface OutboxMessage {
  id: string;
  subject: string;
  /** The message page's HTML (headers table and text part), entities decoded. */
  page: string;
}

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Waits (up to 10 s) for the worker to put an email to `to` whose subject matches into the dev outbox. */
export async function waitForOutboxMessage(to: string, subject: RegExp, base = baseUrl()): Promise<OutboxMessage> {
  const row = new RegExp(`<td>${to.replace(/[.+]/g, '\\$&')}</td><td><a href="/dev/outbox/messages/(\\d+)">([^<]*)</a>`, 'g');
  const listed = async () => {
    const list = await (await fetch(`${base}/dev/outbox`)).text();
    return [...list.matchAll(row)].map((match) => ({ id: match[1]!, subject: decode(match[2]!) })).find((message) => subject.test(message.subject));
  };
  const found = await eventually(
    `an email to ${to} with a subject like ${subject} reached the outbox`,
    listed,
    (message) => message !== undefined,
    10_000,
    200,
  );
  const page = decode(await (await fetch(`${base}/dev/outbox/messages/${found!.id}`)).text());
  return { id: found!.id, subject: found!.subject, page };
}

/** A link the email carries, moved onto the e2e server (emails use PUBLIC_URL's origin). */
export function linkIn(message: OutboxMessage, pattern: RegExp): string {
  const found = pattern.exec(message.page);
  if (!found) throw new Error(`No link like ${pattern} in "${message.subject}"`);
  const url = new URL(found[1] ?? found[0]);
  return `${baseUrl()}${url.pathname}${url.search}`;
}

/** Puts an email job on the e2e site's own `emails` queue, as the site's triggers do. */
export async function enqueueEmail(job: EmailJob): Promise<void> {
  const prefix = process.env.E2E_QUEUE_PREFIX;
  if (!prefix) throw new Error('E2E_QUEUE_PREFIX is not set: run through the e2e project');
  const queue = new Queue<EmailJob>(EMAIL_QUEUE, { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0' }, prefix });
  try {
    await queue.add(job.kind, job, { jobId: job.key });
  } finally {
    await queue.close();
  }
}
