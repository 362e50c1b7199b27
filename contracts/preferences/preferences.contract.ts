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

export const updateEmailPreferences = defineServerFn({
  id: 'updateEmailPreferences',
  method: 'POST',
  input: z.object({ email: z.string().trim().min(1).max(254), token: z.string().trim().min(1).max(200), change: emailPreferenceChangeSchema }),
  output: emailPreferencesSchema,
  errors: ['email.link_invalid'],
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
