import { queryOptions } from '@tanstack/react-query';
import { getContactCsrfToken } from '@contracts/contact/contact.contract';
import { callServerFn } from '../lib/server-fn-client';

/** The contact form's one-message token; the page's loader asks for a fresh one on every visit. */
export const contactTokenQuery = () =>
  queryOptions({
    queryKey: ['contact', 'csrf-token'],
    queryFn: () => callServerFn(getContactCsrfToken, {}),
  });
