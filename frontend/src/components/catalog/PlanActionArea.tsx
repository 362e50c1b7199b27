import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@contracts/catalog/number-format';
import { planChangeQuery } from '../../queries/plan-change';
import { CallToAction } from '../ui/CallToAction';
import type { PlanAction } from './plan-action';

const NOTE = 'min-h-10 rounded-xl border border-line bg-surface/60 px-4 py-2.5 text-center text-sm text-ink-muted';

/** A plan card's button, or what it says instead of one (see plan-action). */
export function PlanActionArea({ action, featured }: { action: PlanAction; featured: boolean }) {
  const variant = featured ? 'primary' : 'secondary';
  switch (action.kind) {
    case 'buy':
      return (
        <CallToAction href={action.href} variant={variant} size="md" className="mt-6 w-full">
          {action.label}
        </CallToAction>
      );
    case 'yours':
      return (
        <div className="mt-6 space-y-2" data-testid="plan-yours">
          <p className={NOTE}>{action.note}</p>
          <CallToAction to="/dashboard" search={{ section: 'license' }} variant="secondary" size="md" className="w-full">
            Manage your plan
          </CallToAction>
        </div>
      );
    case 'switch':
      return (
        <div className="mt-6 space-y-2">
          <CallToAction href={action.href} variant={variant} size="md" className="w-full">
            {action.label}
          </CallToAction>
          <SwitchPreview resourceId={action.resourceId} quantity={action.quantity} interval={action.interval} />
        </div>
      );
    case 'included':
      return (
        <p className={`mt-6 ${NOTE}`} data-testid="plan-included">
          {action.note}
        </p>
      );
    case 'overdue':
      return (
        <div className="mt-6 space-y-2">
          <p className={NOTE}>{action.note}</p>
          <CallToAction to="/dashboard" search={{ section: 'pending-payments' }} variant="secondary" size="md" className="w-full">
            Pay the renewal
          </CallToAction>
        </div>
      );
  }
}

/** Stripe's proration for the switch, as the checkout will show it line by line: asked in the browser, never holding the page. */
function SwitchPreview({ resourceId, quantity, interval }: { resourceId: string; quantity: number; interval: 'month' | 'year' }) {
  const { data } = useQuery(planChangeQuery(resourceId, quantity));
  if (data?.kind !== 'switch') return <p className="min-h-5 text-center text-xs text-ink-subtle">Prorated: you see the amounts before confirming.</p>;
  const { preview } = data;
  const money = (cents: number) => formatMoney(cents, preview.currency.toUpperCase());
  return (
    <p className="min-h-5 text-center text-xs text-ink-subtle" data-testid="plan-switch-preview">
      {preview.amountDueCents > 0 ? `${money(preview.amountDueCents)} now (prorated)` : `${money(preview.creditCents)} credit kept`}, then{' '}
      {money(preview.nextAmountCents)} a {interval}.
    </p>
  );
}
