import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionRow } from '@contracts/admin/promotions.contract';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { endPromotionMutation } from '../../../queries/promotions';
import { promotionLabel } from './PromotionsTable';

const REFUSALS: Record<string, string> = {
  NOT_FOUND: 'There is no such promotion any more.',
  'admin.owner_only': 'Only the owner may end a promotion.',
};

/** The confirmation that says what ending means, then the end itself; `onDone` hears the outcome the page announces. */
export function EndPromotion({
  row,
  onDone,
  onCancel,
}: {
  row: PromotionRow;
  onDone: (outcome: { ended: string } | { refused: string }) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const end = useMutation(endPromotionMutation(queryClient));
  const heading = useRef<HTMLHeadingElement>(null);
  const label = promotionLabel(row);
  useEffect(() => heading.current?.focus(), []);

  const confirm = () =>
    end.mutate(row.promotionId, {
      onSuccess: () => onDone({ ended: row.promotionId }),
      onError: (error) =>
        onDone({ refused: error instanceof ServerFnError ? (REFUSALS[error.code] ?? error.message) : 'Could not end the promotion; try again.' }),
    });

  return (
    <section
      aria-labelledby="end-promotion-heading"
      aria-describedby="end-promotion-meaning"
      className="rounded-xl border border-line-strong bg-surface-raised p-4"
    >
      <h2 id="end-promotion-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
        End {label}?
      </h2>
      <div id="end-promotion-meaning" className="mt-2 space-y-2 text-sm text-ink-muted">
        <p>No new checkout can use it; checkouts already open with it keep it.</p>
        <p>Subscriptions that already have its discount keep it for the duration they were given. It cannot be started again, and its code is never reused.</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={confirm} disabled={end.isPending} aria-busy={end.isPending || undefined}>
          {end.isPending ? 'Ending…' : `End ${label} now`}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={end.isPending}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
