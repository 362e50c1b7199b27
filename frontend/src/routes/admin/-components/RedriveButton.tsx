import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { redriveStripeEventMutation } from '../../../queries/admin';

/** Queues one kept Stripe event again, and says how that went. */
export function RedriveButton({ stripeEventId }: { stripeEventId: string }) {
  const queryClient = useQueryClient();
  const redrive = useMutation(redriveStripeEventMutation(queryClient));
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => redrive.mutate(stripeEventId)}
        disabled={redrive.isPending}
        aria-busy={redrive.isPending || undefined}
        aria-label={`Re-drive ${stripeEventId}`}
      >
        <RefreshCw aria-hidden className={redrive.isPending ? 'animate-spin' : undefined} />
        {redrive.isPending ? 'Queueing…' : 'Re-drive'}
      </Button>
      <p aria-live="polite" className="text-xs">
        {redrive.isSuccess ? <span className="text-success">Queued again</span> : null}
        {redrive.error ? (
          <span className="text-danger">{redrive.error instanceof ServerFnError ? redrive.error.message : 'Could not queue it; try again.'}</span>
        ) : null}
      </p>
    </div>
  );
}
