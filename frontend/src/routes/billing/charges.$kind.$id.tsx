import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { CHARGE_KINDS } from '@contracts/billing/billing.contract';
import { CallToAction } from '../../components/ui/CallToAction';
import { pageHead } from '../../lib/seo';
import { chargeInvoiceQuery } from '../../queries/billing';

type ChargeKind = (typeof CHARGE_KINDS)[number];
const isChargeKind = (kind: string): kind is ChargeKind => (CHARGE_KINDS as readonly string[]).includes(kind);

/** A receipt email's invoice link: the charge's invoice once issued (a moment after the payment), else a page saying it is on its way. */
export const Route = createFileRoute('/billing/charges/$kind/$id')({
  loader: async ({ context, params }) => {
    if (!isChargeKind(params.kind)) throw notFound();
    const { number } = await context.queryClient.ensureQueryData(chargeInvoiceQuery({ kind: params.kind, id: params.id }));
    if (number) throw redirect({ to: '/billing/documents/$number', params: { number } });
  },
  head: (ctx) => pageHead(ctx, { title: 'Your invoice', description: 'The invoice of a payment.', path: '/billing/charges', noindex: true }),
  component: InvoiceOnItsWay,
});

function InvoiceOnItsWay() {
  const { kind, id } = Route.useParams();
  // The loader checked the kind; an unknown one never renders.
  useSuspenseQuery(chargeInvoiceQuery({ kind: kind as ChargeKind, id }));
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6 sm:py-20">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-ink">Your invoice is on its way</h1>
        <p className="mt-3 text-ink-muted">It is issued a moment after the payment. Open this link again shortly, or find it in your billing history.</p>
        <div className="mt-6">
          <CallToAction to="/dashboard" search={{ section: 'billing' }}>
            Billing history
          </CallToAction>
        </div>
      </div>
    </div>
  );
}
