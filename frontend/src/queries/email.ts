import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getEmailPreferences, requestManageEmailLink, updateEmailPreferences, type EmailPreferenceChange } from '@contracts/preferences/preferences.contract';
import type { ServerFnInput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';

/** The topics an address gets, read with the link from an email (or why the link does not work). */
export const emailPreferencesQuery = (link: ServerFnInput<typeof getEmailPreferences>) =>
  queryOptions({
    queryKey: ['email', 'preferences', link.email ?? null, link.token ?? null],
    queryFn: () => callServerFn(getEmailPreferences, link),
  });

/** One change to an address's topics; the answer is the whole new view, which the panel shows as it is. */
export const updateEmailPreferencesMutation = () =>
  mutationOptions({
    mutationKey: [updateEmailPreferences.id],
    mutationFn: (input: { email: string; token: string; change: EmailPreferenceChange }) => callServerFn(updateEmailPreferences, input),
  });

/** Emails a fresh preference link; the answer never says whether the address is known. */
export const requestManageEmailLinkMutation = () =>
  mutationOptions({
    mutationKey: [requestManageEmailLink.id],
    mutationFn: (input: ServerFnInput<typeof requestManageEmailLink>) => callServerFn(requestManageEmailLink, input),
  });
