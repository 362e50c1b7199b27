import { z } from 'zod';
import { toEmailAddress } from '../email-address';
import { defineServerFn } from '../server-fn';
import { EMAIL_TOPICS } from './email-topics';

/** The `email` and `token` of a manage-email link, as the page and its functions take them. */
export const manageEmailLinkSchema = z.object({
  email: z.string().trim().max(254).optional(),
  token: z.string().trim().max(200).optional(),
});

const topicEnum = z.enum(EMAIL_TOPICS);

export const emailPreferencesSchema = z.object({
  status: z.literal('ok'),
  email: z.string(),
  topics: z.array(z.object({ topic: topicEnum, on: z.boolean() })),
  unsubscribedFromAll: z.boolean(),
});
export type EmailPreferencesView = z.infer<typeof emailPreferencesSchema>;

/** Why a link cannot be used: none given, not ours (forged, changed, another address's, another purpose), or too old. */
export const linkProblemSchema = z.object({
  status: z.literal('link-problem'),
  reason: z.enum(['missing', 'invalid', 'expired']),
  /** The address from the link when it looks like one, to offer a fresh link to it. */
  email: z.string().nullable(),
});

export const getEmailPreferences = defineServerFn({
  id: 'getEmailPreferences',
  method: 'GET',
  input: manageEmailLinkSchema,
  output: z.discriminatedUnion('status', [emailPreferencesSchema, linkProblemSchema]),
});

export const emailPreferenceChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set-topics'), topics: z.partialRecord(topicEnum, z.boolean()) }),
  z.object({ type: z.literal('unsubscribe-all') }),
  z.object({ type: z.literal('resubscribe') }),
]);
export type EmailPreferenceChange = z.infer<typeof emailPreferenceChangeSchema>;

/** A change as one word, the value of the button a form without JavaScript sends: `unsubscribe-all`, `resubscribe`, `<topic>:on` or `<topic>:off`. */
export function emailPreferenceChangeWord(change: EmailPreferenceChange): string {
  if (change.type !== 'set-topics') return change.type;
  const [topic, on] = Object.entries(change.topics)[0] ?? [];
  return `${topic}:${on ? 'on' : 'off'}`;
}

const changeWordSchema = z
  .string()
  .max(60)
  .transform((word, ctx): EmailPreferenceChange => {
    if (word === 'unsubscribe-all' || word === 'resubscribe') return { type: word };
    const [topic, state, ...rest] = word.split(':');
    const known = topicEnum.safeParse(topic);
    if (known.success && (state === 'on' || state === 'off') && rest.length === 0) return { type: 'set-topics', topics: { [known.data]: state === 'on' } };
    ctx.addIssue({ code: 'custom', message: 'That is not a change of your email preferences.' });
    return z.NEVER;
  });

export const updateEmailPreferences = defineServerFn({
  id: 'updateEmailPreferences',
  method: 'POST',
  input: z.object({
    email: z.string().trim().min(1).max(254),
    token: z.string().trim().min(1).max(200),
    change: z.union([emailPreferenceChangeSchema, changeWordSchema]),
  }),
  output: emailPreferencesSchema,
  errors: ['email.link_invalid'],
  // Each switch and "Unsubscribe from all" is a form button: without JavaScript, the page comes back with the link it was opened with.
  form: { page: '/manage-email', carry: ['email', 'token'] },
});

/** Asking for a fresh manage-email link: the address (the form checks it before sending too). */
export const manageEmailLinkRequestSchema = z.object({ email: z.string().trim().max(254).transform(toEmailAddress) });

export const requestManageEmailLink = defineServerFn({
  id: 'requestManageEmailLink',
  method: 'POST',
  input: manageEmailLinkRequestSchema,
  /** The same answer whether or not the address is one we know. */
  output: z.object({ status: z.literal('sent-if-known') }),
});
