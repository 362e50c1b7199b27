import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { getContactCsrfToken, submitContactMessage } from '@contracts/contact/contact.contract';
import type { ServerFnInput } from '@contracts/server-fn';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

/** The contact form's one-message token; the page's loader asks for a fresh one on every visit. */
export const contactTokenQuery = () =>
  queryOptions({
    queryKey: ['contact', 'csrf-token'],
    queryFn: () => callServerFn(getContactCsrfToken, {}),
  });

/** The page reads its token from contactTokenQuery, so a fresh one reaches the form; failing, the form keeps the one it has. */
const refreshToken = (queryClient: QueryClient) => queryClient.fetchQuery({ ...contactTokenQuery(), staleTime: 0 }).catch(() => undefined);

/**
 * Sends a message. A token sends one message: once sent, a fresh one is read for "Send another
 * message"; refused as invalid, a fresh one is read before the form says so, to send again with.
 */
export const contactMessageMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [submitContactMessage.id],
    mutationFn: (input: ServerFnInput<typeof submitContactMessage>) => callServerFn(submitContactMessage, input),
    onSuccess: () => void refreshToken(queryClient),
    onError: async (error) => {
      if (error instanceof ServerFnError && error.code === 'contact.csrf_invalid') await refreshToken(queryClient);
    },
  });
