import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminCloseTaxQuarter, adminGetTaxReport, type TaxReport } from '@contracts/admin/tax-report.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';
import { orSignedOut } from './admin';

/** The report, `'owner_only'` for a support account (the server refuses it), null when not signed in as an admin. */
export const adminTaxReportQuery = (quarter: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'tax-report', quarter ?? 'current'],
    queryFn: (): Promise<TaxReport | 'owner_only' | null> =>
      orSignedOut(async () => {
        try {
          return await callServerFn(adminGetTaxReport, quarter ? { quarter } : {});
        } catch (error) {
          if (error instanceof ServerFnError && error.code === 'admin.owner_only') return 'owner_only' as const;
          throw error;
        }
      }),
    staleTime: 4_000,
  });

/** Closes (files) the quarter; closed or refused, every quarter's report is read again (a close moves late documents on). */
export const closeTaxQuarterMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [adminCloseTaxQuarter.id],
    mutationFn: (quarter: string) => callServerFn(adminCloseTaxQuarter, { quarter }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tax-report'] }),
  });
