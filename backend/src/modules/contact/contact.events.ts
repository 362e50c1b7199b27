import { z } from 'zod';
import { CONTACT_TOPICS, type ContactTopic } from '../../../../contracts/contact/contact.contract';
import { defineEvent } from '../../events/event-registry';

/** A message sent through /contact. Its emails (the support copy and the acknowledgement) follow from it. */
export const ContactMessageReceived = defineEvent({
  type: 'ContactMessageReceived',
  schemaVersion: 1,
  schema: z.object({
    messageId: z.string().min(1),
    name: z.string().min(1),
    email: z.email(),
    topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]]),
    message: z.string().min(1),
    receivedAt: z.iso.datetime(),
  }),
});

export const contactEvents = [ContactMessageReceived];
export type ContactEvent = ReturnType<typeof ContactMessageReceived>;

export const contactStreamId = (messageId: string) => `contact-${messageId}`;
