import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { changePlan, getPlanChange, getPlanStanding } from '@contracts/subscriptions/subscriptions.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';
import { accountKey } from './account';
import type { FollowUp } from './follow-up';

/** What buying a plan means next to the plan held (checkout page), with Stripe's proration preview. */
export const planChangeQuery = (resourceId: string, quantity: number) =>
  queryOptions({
    queryKey: [...accountKey, 'plan-change', resourceId, quantity],
    queryFn: () => callServerFn(getPlanChange, { resourceId, quantity }),
    // A proration preview is computed for a moment: after a while, confirming asks for fresh amounts.
    staleTime: 60_000,
  });

/** The checkout loader's second step: for a plan, what it means next to the plan held, so the first render says it. */
export async function withPlanChange<T extends { resource: { id: string; type: string } | null; quantity: number }>(
  queryClient: QueryClient,
  data: T,
): Promise<T> {
  if (data.resource?.type === 'license') await queryClient.ensureQueryData(planChangeQuery(data.resource.id, data.quantity)).catch(() => undefined);
  return data;
}

/** The plan the visitor holds (null signed out or without one), so the plans page offers only what fits it. */
export const planStandingQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'plan-standing'],
    queryFn: () => callServerFn(getPlanStanding, {}),
  });

/** Confirms a switch of plan (or of seats) at the previewed amounts; the whole account is read again, then the page moves on. */
export const changePlanMutation = (queryClient: QueryClient, followUp?: FollowUp<ServerFnOutput<typeof changePlan>, ServerFnInput<typeof changePlan>>) =>
  mutationOptions({
    mutationKey: [changePlan.id],
    mutationFn: (input: ServerFnInput<typeof changePlan>) => callServerFn(changePlan, input),
    onSuccess: async (answer, input) => {
      await queryClient.invalidateQueries({ queryKey: accountKey });
      await followUp?.onSuccess?.(answer, input);
    },
  });
