import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';
import { EMAIL_TOPICS } from '../../../../contracts/preferences/email-topics';

const topic = z.enum(EMAIL_TOPICS);
/** Where the change was made: the preference page, a mail client's one-click unsubscribe, or by support. */
const via = z.enum(['preferences', 'one-click', 'support']);

export const EmailTopicSubscribed = defineEvent({
  type: 'EmailTopicSubscribed',
  schemaVersion: 1,
  schema: z.object({ topic, via, at: z.iso.datetime() }),
});

export const EmailTopicUnsubscribed = defineEvent({
  type: 'EmailTopicUnsubscribed',
  schemaVersion: 1,
  schema: z.object({ topic, via, at: z.iso.datetime() }),
});

/** Every topic off at once; the choices made before are remembered for a resubscribe. */
export const EmailUnsubscribedFromAll = defineEvent({
  type: 'EmailUnsubscribedFromAll',
  schemaVersion: 1,
  schema: z.object({ via, at: z.iso.datetime() }),
});

/** Undoes an unsubscribe-from-all: the topics go back to what they were before it. */
export const EmailResubscribed = defineEvent({
  type: 'EmailResubscribed',
  schemaVersion: 1,
  schema: z.object({ via, at: z.iso.datetime() }),
});

/** Someone asked for a fresh preference link for this address; the link goes to the address itself. */
export const ManageEmailLinkRequested = defineEvent({
  type: 'ManageEmailLinkRequested',
  schemaVersion: 1,
  schema: z.object({ address: z.email(), requestId: z.string().min(1), at: z.iso.datetime() }),
});

export const emailPreferenceEvents = [EmailTopicSubscribed, EmailTopicUnsubscribed, EmailUnsubscribedFromAll, EmailResubscribed, ManageEmailLinkRequested];

export type EmailPreferenceEvent =
  | ReturnType<typeof EmailTopicSubscribed>
  | ReturnType<typeof EmailTopicUnsubscribed>
  | ReturnType<typeof EmailUnsubscribedFromAll>
  | ReturnType<typeof EmailResubscribed>
  | ReturnType<typeof ManageEmailLinkRequested>;
