import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardData } from '@contracts/dashboard/dashboard.contract';
import { formatMoney } from '@contracts/catalog/number-format';
import { FormAlert } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { formatPeriod } from '../../../lib/billing-period';
import { formatDay } from '../../../lib/dates';
import { abandonPendingPaymentMutation } from '../../../queries/account';
import { EmptyState, Panel, StatusPill } from './Panel';

type Pending = DashboardData['pendingPayments'][number];

const CLOSED: Record<string, string> = {
  checkout_expired: 'The checkout expired before it was paid.',
  payment_failed: 'The payment failed; nothing was charged.',
  abandoned: 'You abandoned this checkout.',
  cancelled: 'You cancelled this checkout; nothing was charged.',
  subscription_cancelled: 'The subscription was cancelled.',
};

function describe(payment: Pending): string {
  if (payment.status === 'settled') return 'Paid.';
  if (payment.status === 'expired') return CLOSED[payment.closeReason ?? ''] ?? 'Closed.';
  if (payment.status === 'processing') return 'Your bank is processing this payment; it can take a few days. Nothing to do.';
  if (payment.kind === 'renewal') return 'Your renewal payment failed. Pay it to keep your plan.';
  return payment.expiresAt
    ? `A checkout you started and did not finish. It stays open until ${formatDay(payment.expiresAt)}.`
    : 'A checkout you started and did not finish.';
}

/** The pill names how a closed checkout ended (cancelled, expired, failed) rather than only that it closed. */
function pillLabel(payment: Pending): string | undefined {
  if (payment.status !== 'expired') return undefined;
  if (payment.closeReason === 'cancelled' || payment.closeReason === 'abandoned') return 'cancelled';
  if (payment.closeReason === 'payment_failed') return 'failed';
  return 'expired';
}

function PendingRow({ payment }: { payment: Pending }) {
  const queryClient = useQueryClient();
  const abandon = useMutation(abandonPendingPaymentMutation(queryClient));
  return (
    <li className="px-4 py-4" data-testid="pending-payment">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-ink">
            {payment.title}
            {payment.quantity > 1 ? ` × ${payment.quantity}` : ''}
            {payment.period ? ` · ${formatPeriod(payment.period)}` : ''} · {formatMoney(payment.amountCents, payment.currency.toUpperCase())}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{describe(payment)}</p>
          <p className="mt-1 text-xs text-ink-subtle">Started {formatDay(payment.openedAt)}</p>
        </div>
        <StatusPill status={payment.status} label={pillLabel(payment)} />
      </div>
      {payment.status === 'open' ? (
        <div className="mt-3 flex flex-wrap gap-3">
          {payment.payUrl ? (
            <a href={payment.payUrl} className="inline-flex h-9 items-center rounded-lg bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700">
              {payment.kind === 'renewal' ? 'Pay now' : 'Complete payment'}
            </a>
          ) : null}
          {payment.kind === 'checkout' ? (
            <Button variant="ghost" size="sm" onClick={() => abandon.mutate(payment.id)} disabled={abandon.isPending} aria-busy={abandon.isPending}>
              {abandon.isPending ? 'Abandoning…' : 'Abandon'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {abandon.error ? (
        <div className="mt-3">
          <FormAlert>{abandon.error.message}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}

/** Payments waiting on the customer or their bank, and the recently closed ones. */
export function PendingPaymentsSection({ data }: { data: DashboardData }) {
  const waiting = data.pendingPayments.filter((p) => p.status === 'open' || p.status === 'processing');
  const closed = data.pendingPayments.filter((p) => p.status !== 'open' && p.status !== 'processing');
  return (
    <div className="space-y-6">
      {waiting.length === 0 ? (
        <EmptyState title="Nothing is waiting to be paid">
          <p>Unfinished checkouts, bank payments on their way and failed renewals appear here.</p>
        </EmptyState>
      ) : (
        <Panel title="Waiting" labelledBy="pending-waiting">
          <ul className="divide-y divide-line rounded-xl border border-line">
            {waiting.map((p) => (
              <PendingRow key={p.id} payment={p} />
            ))}
          </ul>
        </Panel>
      )}
      {closed.length > 0 ? (
        <Panel title="Recently closed" labelledBy="pending-closed">
          <ul className="divide-y divide-line rounded-xl border border-line">
            {closed.map((p) => (
              <PendingRow key={p.id} payment={p} />
            ))}
          </ul>
        </Panel>
      ) : null}
    </div>
  );
}
