import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cancelCheckout } from '@contracts/checkout/checkout.contract';
import { callServerFn } from '../../../lib/server-fn-client';

/**
 * Back from Stripe through its "back" link (`?status=cancelled`): the open checkout of this item
 * is closed as cancelled, so the dashboard lists it as cancelled instead of waiting to be paid.
 */
export function useCancelOnReturn(status: string | undefined, resourceId: string | undefined): void {
  const queryClient = useQueryClient();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'cancelled' || !resourceId || done.current === resourceId) return;
    done.current = resourceId;
    callServerFn(cancelCheckout, { resourceId })
      .then(() => queryClient.invalidateQueries({ queryKey: ['account'] }))
      // The checkout then closes when Stripe expires it; the page has nothing to say about it.
      .catch(() => undefined);
  }, [status, resourceId, queryClient]);
}
