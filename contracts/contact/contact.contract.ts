import { z } from 'zod';
import { toEmailAddress } from '../email-address';
import { defineServerFn, errorIssueSchema } from '../server-fn';

export const CONTACT_TOPICS = {
  general: 'A general question',
  billing: 'Billing and refunds',
  licensing: 'License keys and seats',
  technical: 'A technical problem',
  sessions: '1-on-1 sessions',
  partnership: 'Partnerships and press',
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, messageMin: 10 } as const;

/** The contact form's fields, with the messages a person sees beside each field. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Tell us your name.').max(CONTACT_LIMITS.name, `Keep your name under ${CONTACT_LIMITS.name} characters.`),
  email: z.string().trim().max(CONTACT_LIMITS.email, 'That email address is too long.').transform(toEmailAddress),
  topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]], 'Choose what your message is about.'),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Write at least ${CONTACT_LIMITS.messageMin} characters so we can help.`)
    .max(CONTACT_LIMITS.message, `Keep your message under ${CONTACT_LIMITS.message} characters.`),
  csrfToken: z.string().min(1, 'The form expired; reload the page and send it again.').max(200),
  /** The honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const getContactCsrfToken = defineServerFn({
  id: 'getContactCsrfToken',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    token: z.string(),
    expiresAt: z.iso.datetime(),
    /** What this browser typed into a form posted without JavaScript that was refused, and why; null when none is kept. */
    draft: z.object({ values: z.record(z.string(), z.string()), issues: z.array(errorIssueSchema) }).nullable(),
  }),
});

export const submitContactMessage = defineServerFn({
  id: 'submitContactMessage',
  method: 'POST',
  input: contactMessageSchema,
  output: z.object({ status: z.literal('received') }),
  errors: ['contact.csrf_invalid'],
  form: { page: '/contact', keep: ['name', 'email', 'topic', 'message'] },
});
