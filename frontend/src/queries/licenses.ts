import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { releaseLicenseDevice } from '@contracts/devices/devices.contract';
import { assignSeat, removeSeat, rotateLicenseKey } from '@contracts/licenses/licenses.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';
import { dashboardQuery } from './account';
import type { FollowUp } from './follow-up';

/** A license's keys, seats and devices are read with the dashboard: each change refreshes it. */
const refreshDashboard = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });

export const rotateLicenseKeyMutation = (queryClient: QueryClient, followUp?: FollowUp<ServerFnOutput<typeof rotateLicenseKey>>) =>
  mutationOptions({
    mutationKey: [rotateLicenseKey.id],
    mutationFn: (licenseId: string) => callServerFn(rotateLicenseKey, { licenseId }),
    onSuccess: async (answer) => {
      await followUp?.onSuccess?.(answer);
      await refreshDashboard(queryClient);
    },
  });

export const assignSeatMutation = (queryClient: QueryClient, followUp?: FollowUp<ServerFnOutput<typeof assignSeat>, ServerFnInput<typeof assignSeat>>) =>
  mutationOptions({
    mutationKey: [assignSeat.id],
    mutationFn: (input: ServerFnInput<typeof assignSeat>) => callServerFn(assignSeat, input),
    onSuccess: async (answer, input) => {
      await followUp?.onSuccess?.(answer, input);
      await refreshDashboard(queryClient);
    },
  });

export const removeSeatMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [removeSeat.id],
    mutationFn: (input: ServerFnInput<typeof removeSeat>) => callServerFn(removeSeat, input),
    onSuccess: () => refreshDashboard(queryClient),
  });

export const releaseLicenseDeviceMutation = (
  queryClient: QueryClient,
  followUp?: FollowUp<ServerFnOutput<typeof releaseLicenseDevice>, ServerFnInput<typeof releaseLicenseDevice>>,
) =>
  mutationOptions({
    mutationKey: [releaseLicenseDevice.id],
    mutationFn: (input: ServerFnInput<typeof releaseLicenseDevice>) => callServerFn(releaseLicenseDevice, input),
    onSuccess: async (answer, input) => {
      await refreshDashboard(queryClient);
      await followUp?.onSuccess?.(answer, input);
    },
  });
