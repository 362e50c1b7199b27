import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { getBillingDocument, getBillingHistory, getChargeInvoice } from '@contracts/billing/billing.contract';
import { getBillingDetails, updateBillingDetails } from '@contracts/billing/billing-details.contract';
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

/** The billing details invoices name: the last saved, or the latest invoice's. */
export const billingDetailsQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'billing', 'details'],
    queryFn: () => callServerFn(getBillingDetails, {}),
    staleTime: 60_000,
  });

/** Saves them; the details read again at once, the history once the worker has reissued its invoices (when next shown). */
export const billingDetailsMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [updateBillingDetails.id],
    mutationFn: (input: ServerFnInput<typeof updateBillingDetails>) => callServerFn(updateBillingDetails, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingDetailsQuery().queryKey, { details: saved.details, taxIdStatus: saved.taxIdStatus });
      void queryClient.invalidateQueries({ queryKey: billingHistoryQuery().queryKey });
    },
  });
