import { z } from 'zod';
import { defineServerFn } from '../server-fn';

/** What a search result was found by, for the admin to see why it is listed. */
export const CUSTOMER_MATCHES = [
  'email',
  'seat holder email',
  'name',
  'user id',
  'license key',
  'seat key',
  'retired license key',
  'Stripe customer',
  'Checkout Session',
  'payment',
  'charge',
  'booking',
] as const;
export type CustomerMatch = (typeof CUSTOMER_MATCHES)[number];

export const customerSearchResultSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The plan of the account's latest license, if it has one. */
  plan: z.string().nullable(),
  matched: z.enum(CUSTOMER_MATCHES),
});
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

export const CUSTOMER_SEARCH_LIMIT = 20;

/** Find a customer in /admin by email, name, a pasted license key, a Stripe id or a booking id. */
export const searchCustomers = defineServerFn({
  id: 'searchCustomers',
  method: 'GET',
  input: z.object({ query: z.string().trim().min(1).max(200) }).strict(),
  output: z.object({ results: z.array(customerSearchResultSchema) }),
  errors: ['FORBIDDEN'],
});
