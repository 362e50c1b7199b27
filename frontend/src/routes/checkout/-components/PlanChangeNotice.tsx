import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowUpRight, Info, Loader2 } from 'lucide-react';
import { formatMoney } from '@contracts/catalog/number-format';
import type { Resource } from '@contracts/catalog/resource';
import { changePlan, type PlanChangeView } from '@contracts/subscriptions/subscriptions.contract';
import { FormAlert } from '../../../components/forms/FormField';
import { billingInterval } from '../../../components/catalog/resource-facts';
import { Button } from '../../../components/ui/Button';
import { CallToAction } from '../../../components/ui/CallToAction';
import { ServerFnError } from '../../../lib/server-fn-client';
import { formatDay } from '../../../lib/dates';
import { changePlanMutation, planChangeQuery } from '../../../queries/plan-change';

const RELOAD_CODES = new Set(['checkout.plan_preview_stale', 'stripe.refused', 'stripe.conflict']);

const money = (cents: number, currency: string) => formatMoney(cents, currency.toUpperCase());

function Notice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div role="status" data-testid={testId} className="flex gap-3 rounded-xl border border-line-strong bg-surface-overlay p-4 text-sm text-ink">
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-300" />
      <div className="min-w-0 space-y-2">{children}</div>
    </div>
  );
}

function Switch({
  resource,
  quantity,
  view,
  quantityControl,
}: {
  resource: Resource;
  quantity: number;
  view: Extract<PlanChangeView, { kind: 'switch' }>;
  quantityControl: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { preview } = view;
  const confirm = useMutation(changePlanMutation(queryClient, { onSuccess: () => navigate({ to: '/dashboard', search: { section: 'overview' } }) }));
  // Stripe refusing the change (or it being made already) is also answered with fresh amounts, as a stale preview is.
  const stale = confirm.error instanceof ServerFnError && RELOAD_CODES.has(confirm.error.code);
  const pending = confirm.isPending || confirm.isSuccess;
  const verb = view.direction === 'upgrade' ? `Upgrade to ${resource.title}` : view.direction === 'seats' ? 'Change seats' : `Switch to ${resource.title}`;
  return (
    <form
      className="space-y-5"
      method="post"
      action={`/_serverFn/${changePlan.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ resourceId: resource.id, quantity, prorationDate: preview.prorationDate });
      }}
    >
      <input type="hidden" name="resourceId" value={resource.id} />
      <input type="hidden" name="prorationDate" value={preview.prorationDate} />
      <Notice testId="plan-change-notice">
        <p className="font-medium">
          {view.direction === 'upgrade'
            ? `An upgrade of your ${view.heldTitle} plan`
            : view.direction === 'seats'
              ? `A change of seats on your ${view.heldTitle} plan`
              : `A switch from your ${view.heldTitle} plan`}
        </p>
        <p className="text-ink-muted">{view.message}</p>
      </Notice>
      {quantityControl}
      {preview.trialEndsAt ? (
        <p className="rounded-xl border border-line px-4 py-3 text-sm text-ink" data-testid="plan-change-trial">
          {`Nothing is charged now: your free trial continues until ${formatDay(preview.trialEndsAt)}. Then ${money(preview.nextAmountCents, preview.currency)} a ${billingInterval(resource) === 'year' ? 'year' : 'month'}, charged to the card on file; your license key stays the same.`}
        </p>
      ) : (
        <div>
          <h3 className="text-sm font-medium text-ink">Charged now (Stripe's proration)</h3>
          <dl className="mt-2 divide-y divide-line rounded-xl border border-line text-sm" data-testid="proration-lines">
            {preview.lines.map((line) => (
              <div key={line.description} className="flex items-baseline justify-between gap-4 px-4 py-3">
                <dt className="text-ink-muted">{line.description}</dt>
                <dd className="shrink-0 text-ink">{money(line.amountCents, preview.currency)}</dd>
              </div>
            ))}
            <div className="flex items-baseline justify-between gap-4 px-4 py-3">
              <dt className="font-medium text-ink">Due now</dt>
              <dd className="shrink-0 text-xl font-semibold text-ink" data-testid="proration-due">
                {money(preview.amountDueCents, preview.currency)}
              </dd>
            </div>
            {preview.creditCents > 0 ? (
              <div className="flex items-baseline justify-between gap-4 px-4 py-3">
                <dt className="text-ink-muted">Kept as credit for your next invoices</dt>
                <dd className="shrink-0 text-ink">{money(preview.creditCents, preview.currency)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="mt-2 text-xs text-ink-subtle">
            Then {money(preview.nextAmountCents, preview.currency)} a {billingInterval(resource) === 'year' ? 'year' : 'month'}. The card on file with Stripe is
            charged; your license key stays the same.
          </p>
        </div>
      )}
      {confirm.error ? (
        <FormAlert>
          {confirm.error instanceof ServerFnError ? confirm.error.message : 'We could not reach the site. Check your connection and try again.'}
          {stale ? (
            <>
              {' '}
              <button
                type="button"
                className="text-accent-300 underline"
                onClick={() => void queryClient.invalidateQueries({ queryKey: planChangeQuery(resource.id, quantity).queryKey })}
              >
                Show current amounts
              </button>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? (
          <>
            <Loader2 aria-hidden="true" className="animate-spin" /> Changing your plan…
          </>
        ) : preview.amountDueCents > 0 ? (
          `${verb}: pay ${money(preview.amountDueCents, preview.currency)} now`
        ) : (
          verb
        )}
      </Button>
    </form>
  );
}

/**
 * For a plan on the checkout page: what buying it means next to the plan already held, said
 * before any button. `instead` replaces the order form: a refused purchase shows why and no
 * button; a switch is confirmed here (no second checkout). `before` goes above the usual form:
 * Lifetime over a monthly plan explains the overlap.
 */
export function usePlanChangeGate({
  active,
  resource,
  quantity,
  quantityControl,
}: {
  active: boolean;
  resource: Resource | null;
  quantity: number;
  quantityControl: ReactNode;
}): { instead: ReactNode | null; before: ReactNode | null } {
  // The checkout loader fetches it first (withPlanChange), but a failure must not fail the page: the gate
  // says so here, with a retry, and nothing can be bought meanwhile. Hence no suspense here.
  const { data: view, isPending, isError, refetch } = useQuery({ ...planChangeQuery(resource?.id ?? '', quantity), enabled: active && resource !== null });
  if (!active || !resource) return { instead: null, before: null };
  if (isPending) {
    return {
      instead: (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Checking the plan on your account…
        </p>
      ),
      before: null,
    };
  }
  if (isError) {
    return {
      instead: (
        <FormAlert>
          We could not check the plan on your account, so nothing can be bought yet.{' '}
          <button type="button" className="text-accent-300 underline" onClick={() => void refetch()}>
            Try again
          </button>
        </FormAlert>
      ),
      before: null,
    };
  }
  if (!view || view.kind === 'new') return { instead: null, before: null };
  if (view.kind === 'refused') return { instead: <Refused view={view} />, before: null };
  if (view.kind === 'switch')
    return { instead: <Switch resource={resource} quantity={quantity} view={view} quantityControl={quantityControl} />, before: null };
  return {
    instead: null,
    before: (
      <Notice testId="plan-change-notice">
        <p className="font-medium">Your {view.heldTitle} subscription ends when Lifetime starts</p>
        <p className="text-ink-muted">{view.message}</p>
      </Notice>
    ),
  };
}

function Refused({ view }: { view: Extract<PlanChangeView, { kind: 'refused' }> }) {
  return (
    <div className="space-y-4" data-testid="plan-refused" data-code={view.code}>
      <Notice testId="plan-change-notice">
        <p>{view.message}</p>
      </Notice>
      <div className="flex flex-wrap gap-3">
        <CallToAction to="/dashboard" search={{ section: 'license' }}>
          See your {view.heldTitle}
        </CallToAction>
        {view.code === 'checkout.plan_already_active' && view.heldTitle === 'Lifetime license' ? (
          <CallToAction to="/contact" variant="secondary">
            Contact us <ArrowUpRight aria-hidden="true" />
          </CallToAction>
        ) : null}
      </div>
    </div>
  );
}
