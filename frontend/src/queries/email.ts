import { queryOptions } from '@tanstack/react-query';
import { getEmailPreferences } from '@contracts/preferences/preferences.contract';
import type { ServerFnInput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';

/** The topics an address gets, read with the link from an email (or why the link does not work). */
export const emailPreferencesQuery = (link: ServerFnInput<typeof getEmailPreferences>) =>
  queryOptions({
    queryKey: ['email', 'preferences', link.email ?? null, link.token ?? null],
    queryFn: () => callServerFn(getEmailPreferences, link),
  });
