import { queryOptions } from '@tanstack/react-query';
import { getBillingDocument, getBillingHistory, getChargeInvoice } from '@contracts/billing/billing.contract';
import type { ServerFnInput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';
import { accountKey } from './account';

/** Every charge of the signed-in account with its invoices and credit notes. */
export const billingHistoryQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'billing', 'history'],
    queryFn: () => callServerFn(getBillingHistory, {}),
    staleTime: 10_000,
  });

/** One of the account's invoices or credit notes; an issued one never changes. */
export const billingDocumentQuery = (number: string) =>
  queryOptions({
    queryKey: [...accountKey, 'billing', 'document', number],
    queryFn: () => callServerFn(getBillingDocument, { number }),
    staleTime: Infinity,
  });

/** The number of a charge's invoice, or null while it is being issued. */
export const chargeInvoiceQuery = (charge: ServerFnInput<typeof getChargeInvoice>) =>
  queryOptions({
    queryKey: [...accountKey, 'billing', 'charge', charge.kind, charge.id],
    queryFn: () => callServerFn(getChargeInvoice, charge),
    staleTime: 0,
  });
