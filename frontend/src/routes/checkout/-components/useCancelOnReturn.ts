import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelCheckoutMutation } from '../../../queries/account';

/**
 * Back from Stripe through its "back" link (`?status=cancelled`): the open checkout of this item
 * is closed as cancelled, so the dashboard lists it as cancelled instead of waiting to be paid.
 * A failure says nothing: the checkout then closes when Stripe expires it.
 */
export function useCancelOnReturn(status: string | undefined, resourceId: string | undefined): void {
  const queryClient = useQueryClient();
  const { mutate: cancel } = useMutation(cancelCheckoutMutation(queryClient));
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'cancelled' || !resourceId || done.current === resourceId) return;
    done.current = resourceId;
    cancel(resourceId);
  }, [status, resourceId, cancel]);
}
