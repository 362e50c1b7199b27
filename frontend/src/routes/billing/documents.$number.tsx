import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { buyerLines, day, documentTitle, rateLabel, REVERSE_CHARGE_NOTE, sellerLines } from '@contracts/billing/document-text';
import { formatMoney } from '@contracts/catalog/number-format';
import { pageHead } from '../../lib/seo';
import { billingDocumentQuery } from '../../queries/billing';

export const Route = createFileRoute('/billing/documents/$number')({
  // getBillingDocument sends a signed-out visitor to sign in and back; another account's number is the 404 page.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(billingDocumentQuery(params.number)),
  head: (ctx) =>
    pageHead(ctx, {
      title: ctx.loaderData ? `${documentTitle(ctx.loaderData)} ${ctx.loaderData.number}` : 'Invoice',
      description: 'An invoice or credit note of your SystemSculpt account.',
      path: `/billing/documents/${encodeURIComponent(ctx.params.number)}`,
      noindex: true,
    }),
  component: DocumentPage,
});

function DocumentPage() {
  const { number } = Route.useParams();
  const { data: doc } = useSuspenseQuery(billingDocumentQuery(number));
  const money = (cents: number) => formatMoney(cents, doc.currency.toUpperCase());
  const buyer = buyerLines(doc);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <nav aria-label="Billing" className="mb-6 flex flex-wrap items-center gap-4 text-sm print:hidden">
        <Link to="/dashboard" search={{ section: 'billing' }} className="text-ink-muted hover:text-ink">
          ← Billing history
        </Link>
        <a href={doc.pdfPath} className="font-medium text-accent-200 hover:underline" data-testid="document-pdf">
          Download PDF
        </a>
      </nav>
      <article className="rounded-2xl border border-line bg-surface-raised p-5 sm:p-8" aria-labelledby="document-title">
        <h1 id="document-title" className="text-2xl font-semibold tracking-tight text-ink">
          {documentTitle(doc)} {doc.number}
        </h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-ink-subtle">Issue date</dt>
          <dd className="text-ink">{day(doc.issuedAt)}</dd>
          <dt className="text-ink-subtle">Date of supply</dt>
          <dd className="text-ink">{day(doc.chargedAt)}</dd>
          <dt className="text-ink-subtle">Currency</dt>
          <dd className="text-ink">{doc.currency.toUpperCase()}</dd>
          {doc.invoiceNumber ? (
            <>
              <dt className="text-ink-subtle">Credits invoice</dt>
              <dd className="text-ink">
                <Link to="/billing/documents/$number" params={{ number: doc.invoiceNumber }} className="text-accent-200 hover:underline">
                  {doc.invoiceNumber}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="seller">
            <h2 id="seller" className="text-sm font-semibold text-ink">
              Seller
            </h2>
            <address className="mt-1 text-sm not-italic text-ink-muted" data-testid="seller">
              {sellerLines(doc).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
          <section aria-labelledby="buyer">
            <h2 id="buyer" className="text-sm font-semibold text-ink">
              Billed to
            </h2>
            <address className="mt-1 text-sm not-italic text-ink-muted" data-testid="buyer">
              {buyer.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
        </div>
        <h2 className="mt-8 text-sm font-semibold text-ink">Lines</h2>
        <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
          {doc.lines.map((line, i) => (
            <li key={i} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[1fr_auto]">
              <div>
                <p className="font-medium text-ink">
                  {line.description}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                </p>
                {line.periodStart && line.periodEnd ? (
                  <p className="text-ink-subtle">
                    Period {day(line.periodStart)} – {day(line.periodEnd)}
                  </p>
                ) : null}
              </div>
              <dl className="grid grid-cols-[auto_auto] gap-x-4 text-ink-muted sm:text-right">
                <dt>Net</dt>
                <dd>{money(line.amountCents)}</dd>
                <dt>Tax rate</dt>
                <dd>{line.taxPercentage}%</dd>
                <dt>Tax</dt>
                <dd>{money(line.taxCents)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <h2 className="mt-6 text-sm font-semibold text-ink">Totals by tax rate</h2>
        {doc.rateTotals.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">No tax charged.</p>
        ) : (
          <ul className="mt-1 text-sm text-ink-muted">
            {doc.rateTotals.map((rate) => (
              <li key={`${rate.country}-${rate.taxType}-${rate.percentage}`}>
                {rateLabel(rate)} on {money(rate.netCents)}: {money(rate.taxCents)}
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-6 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt className="text-ink-muted">Subtotal (net)</dt>
          <dd className="text-right text-ink">{money(doc.subtotalCents)}</dd>
          <dt className="text-ink-muted">Tax</dt>
          <dd className="text-right text-ink">{money(doc.taxCents)}</dd>
          <dt className="font-semibold text-ink">{doc.kind === 'invoice' ? 'Total' : 'Total credited'}</dt>
          <dd className="text-right font-semibold text-ink" data-testid="document-total">
            {money(doc.totalCents)}
          </dd>
        </dl>
        {doc.reverseCharge ? (
          <p className="mt-6 rounded-lg border border-line p-3 text-sm text-ink" data-testid="reverse-charge">
            <strong>Reverse charge.</strong> {REVERSE_CHARGE_NOTE.replace('Reverse charge: ', '')}
          </p>
        ) : null}
      </article>
    </div>
  );
}
