import type { Cause } from '../../../events/metadata-for';
import type { EmailData, EmailKindName } from '../email-kinds';
import type { EmailAttachment } from '../email-message';

export const EMAIL_QUEUE = 'emails';

/** One email to send. `key` comes from the event that caused it, so that event sends it once. */
export interface EmailJob<K extends EmailKindName = EmailKindName> {
  key: string;
  kind: K;
  to: string;
  data: EmailData<K>;
  timeZone?: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
  /** The event (and its chain) that sent it, recorded with the delivery; absent for mail no event sent. */
  cause?: Cause;
}

/**
 * The key for an email caused by an event (its global position or id) and of a kind. BullMQ
 * job ids may not contain ':', so anything outside [A-Za-z0-9_.-] becomes '_'.
 */
export function emailJobKey(cause: string | number, kind: EmailKindName): string {
  return `email-${String(cause).replace(/[^A-Za-z0-9_.-]/g, '_')}-${kind}`;
}
