import { useEffect, useState } from 'react';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Minus, Plus, ShieldCheck } from 'lucide-react';
import { initiateCheckout } from '@contracts/checkout/checkout.contract';
import { MAX_CHECKOUT_QUANTITY } from '@contracts/checkout/checkout-search';
import { grantsResourceAccessType, libraryItemPath } from '@contracts/checkout/checkout-links';
import { FormAlert } from '../components/forms/FormField';
import { Button } from '../components/ui/Button';
import { CallToAction } from '../components/ui/CallToAction';
import { pageHead } from '../lib/seo';
import { ServerFnError } from '../lib/server-fn-client';
import { SITE_NAME } from '../lib/site';
import { checkCheckoutAccessFor, checkoutQuery, initiateCheckoutMutation } from '../queries/account';
import { withPlanChange } from '../queries/plan-change';
import { CheckoutStatusBanner } from './checkout/-components/CheckoutStatus';
import { readCheckoutSearch } from './checkout/-components/checkout-search';
import { FreeCheckout } from './checkout/-components/FreeCheckout';
import { OrderHeader } from './checkout/-components/OrderHeader';
import { usePlanChangeGate } from './checkout/-components/PlanChangeNotice';
import { useCancelOnReturn } from './checkout/-components/useCancelOnReturn';
import { checkoutAction, TrialNote } from './checkout/-components/TrialNote';
import { CheckoutTotal } from './checkout/-components/CheckoutTotal';
import { PromotionCodeField } from './checkout/-components/PromotionCodeField';

/** How long the success page waits for Stripe's confirmation before saying so. */
const CONFIRM_PATIENCE_MS = 45_000;

export const Route = createFileRoute('/checkout')({
  validateSearch: readCheckoutSearch,
  beforeLoad: ({ search }) => checkCheckoutAccessFor(search),
  loaderDeps: ({ search }) => readCheckoutSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(checkoutQuery(deps)).then((data) => withPlanChange(context.queryClient, data)),
  head: (ctx) =>
    pageHead(ctx, { title: 'Checkout', description: `Buy ${SITE_NAME} plans and resources securely through Stripe.`, path: '/checkout', noindex: true }),
  component: CheckoutPage,
});

function CheckoutPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/checkout' });
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const confirming = search.status === 'success';
  const { data } = useSuspenseQuery({
    ...checkoutQuery(search),
    refetchInterval: (query) =>
      confirming &&
      query.state.data?.mode !== 'free' &&
      query.state.data?.latest?.state !== 'paid' &&
      query.state.data?.latest?.state !== 'processing' &&
      Date.now() - startedAt < CONFIRM_PATIENCE_MS * 2
        ? 2_000
        : false,
  });
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [confirming]);

  useCancelOnReturn(data.mode === 'free' ? undefined : search.status, data.resource?.id);
  const setCode = (code: string | undefined) => void navigate({ search: (prev) => ({ ...prev, code, status: undefined, reason: undefined }), replace: true });
  // Only a code the server said applies goes with the purchase; a refused one is left on the page with its reason.
  const appliedCode = data.discount?.code && search.code ? search.code : undefined;
  const setQuantity = (quantity: number) =>
    void navigate({ search: (prev) => ({ ...prev, quantity: Math.min(MAX_CHECKOUT_QUANTITY, Math.max(1, quantity)), status: undefined }), replace: true });
  const plan = usePlanChangeGate({
    active: data.resource?.type === 'license',
    resource: data.resource,
    quantity: data.quantity,
    quantityControl: <QuantityStepper label="Seats" value={data.quantity} onChange={setQuantity} disabled={false} />,
  });

  const buy = useMutation(
    initiateCheckoutMutation({
      onSuccess: async (outcome) => {
        if (outcome.outcome === 'redirect') {
          window.location.assign(outcome.url);
          return;
        }
        if (outcome.outcome === 'granted') {
          window.location.assign(libraryItemPath(outcome.resourceId));
          return;
        }
        await navigate({ search: (prev) => ({ ...prev, status: 'configuration-error' }), replace: true });
      },
    }),
  );

  const resource = data.resource;
  const buyError =
    buy.error instanceof ServerFnError ? buy.error : buy.error ? new Error('We could not reach the site. Check your connection and try again.') : null;
  const pending = buy.isPending || buy.isSuccess;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{data.mode === 'free' ? 'Add to your library' : 'Checkout'}</h1>
      {search.status && !(data.mode === 'free' && (search.status === 'success' || search.status === 'cancelled')) ? (
        <div className="mt-8">
          <CheckoutStatusBanner status={search.status} reason={search.reason} data={data} waitedTooLong={now - startedAt > CONFIRM_PATIENCE_MS} />
        </div>
      ) : null}

      {!resource ? (
        <div className="mt-8 rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
          <h2 className="text-lg font-semibold text-ink">Choose what to buy</h2>
          <p className="mt-2 text-ink-muted">This checkout link does not name anything we sell. Pick a plan or a resource and press its buy button.</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <CallToAction to="/obsidian-ai-plugin">See plans</CallToAction>
            <CallToAction to="/resources" variant="secondary">
              Browse resources
            </CallToAction>
          </div>
        </div>
      ) : data.mode === 'free' ? (
        <FreeCheckout data={{ ...data, resource }} />
      ) : search.status === 'success' ||
        search.status === 'configuration-error' ? null /* only the outcome: nothing to buy again, or nothing that can be bought */ : (
        <section aria-labelledby="order-heading" className="mt-8 overflow-hidden rounded-2xl border border-line bg-surface-raised">
          <OrderHeader resource={resource} />
          <div className="border-t border-line p-6 sm:p-8">
            {data.owned && !data.quantityAdjustable ? (
              <div className="space-y-4">
                <p className="text-ink">This is already on your account.</p>
                {grantsResourceAccessType(resource.type) ? (
                  <CallToAction href={libraryItemPath(resource.id)}>Open it in your library</CallToAction>
                ) : (
                  <CallToAction to="/dashboard" search={{ section: resource.type === 'license' ? 'license' : 'overview' }}>
                    Open it in your dashboard
                  </CallToAction>
                )}
              </div>
            ) : resource.type === 'session' ? (
              <div className="space-y-4">
                <p className="text-ink">A session is booked for a time: choose one that suits you, then pay.</p>
                <CallToAction to="/sessions">Choose a time</CallToAction>
              </div>
            ) : data.mode === 'included' ? (
              <div className="space-y-4">
                <p className="text-ink">{resource.title} comes with every subscription and the lifetime license.</p>
                <CallToAction to="/obsidian-ai-plugin">See plans</CallToAction>
              </div>
            ) : plan.instead ? (
              plan.instead
            ) : (
              <form
                className="space-y-6"
                method="post"
                action={`/_serverFn/${initiateCheckout.id}`}
                onSubmit={(event) => {
                  event.preventDefault();
                  buy.mutate({ resourceId: resource.id, quantity: data.quantity, ...(appliedCode ? { code: appliedCode } : {}) });
                }}
              >
                <input type="hidden" name="resourceId" value={resource.id} />
                {data.quantityAdjustable ? null : <input type="hidden" name="quantity" value="1" />}
                {plan.before}
                {data.quantityAdjustable ? (
                  <QuantityStepper label={resource.type === 'license' ? 'Seats' : 'Packs'} value={data.quantity} onChange={setQuantity} disabled={pending} />
                ) : null}
                {data.totalCents === null ? null : (
                  <PromotionCodeField key={search.code ?? ''} data={data} code={search.code} onApply={setCode} disabled={pending} />
                )}
                <CheckoutTotal data={data} />
                <p className="-mt-3 text-right text-xs text-ink-subtle" data-testid="checkout-tax-note">
                  Plus VAT/GST where applicable: the tax is calculated from your billing address when you pay.
                </p>
                {data.trial ? <TrialNote trial={data.trial} totalCents={data.totalCents} /> : null}
                {buyError ? (
                  <FormAlert>
                    {buyError.message}
                    {buyError instanceof ServerFnError && buyError.code === 'UNAUTHENTICATED' ? ' Reload the page to sign in again.' : ''}
                  </FormAlert>
                ) : null}
                <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
                  {pending ? 'Opening secure checkout…' : checkoutAction(data)}
                </Button>
                <p className="flex items-center justify-center gap-2 text-xs text-ink-subtle">
                  <ShieldCheck aria-hidden="true" className="size-4" /> Payment is handled by Stripe; we never see your card.
                </p>
              </form>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

function QuantityStepper({ label, value, onChange, disabled }: { label: string; value: number; onChange(value: number): void; disabled: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor="checkout-quantity" className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" aria-label={`Fewer ${label.toLowerCase()}`} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
          <Minus aria-hidden="true" />
        </Button>
        <input
          id="checkout-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CHECKOUT_QUANTITY}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const next = Number.parseInt(event.target.value, 10);
            if (Number.isInteger(next)) onChange(next);
          }}
          className="h-9 w-16 rounded-lg border border-line-strong bg-surface-sunken text-center text-ink"
        />
        <Button
          variant="secondary"
          size="sm"
          aria-label={`More ${label.toLowerCase()}`}
          disabled={disabled || value >= MAX_CHECKOUT_QUANTITY}
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
