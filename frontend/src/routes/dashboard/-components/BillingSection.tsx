import { Fragment } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { BillingCharge } from '@contracts/billing/billing.contract';
import { formatMoney } from '@contracts/catalog/number-format';
import { formatPeriod } from '../../../lib/billing-period';
import { formatDay } from '../../../lib/dates';
import { billingHistoryQuery } from '../../../queries/billing';
import { BillingDetailsPanel } from './BillingDetailsPanel';
import { EmptyState, Panel, StatusPill } from './Panel';

const KIND: Record<BillingCharge['kind'], string> = { purchase: 'Purchase', renewal: 'Renewal', plan_change: 'Plan change' };
const STATUS: Record<BillingCharge['status'], string> = {
  paid: 'paid',
  refunded: 'refunded',
  partially_refunded: 'partially refunded',
  disputed: 'disputed',
  failed: 'failed',
  pending: 'pending',
};

const money = (cents: number, currency: string) => formatMoney(cents, currency.toUpperCase());

function Documents({ charge }: { charge: BillingCharge }) {
  if (charge.documents.length === 0) {
    return charge.status === 'pending' || charge.status === 'failed' ? null : <p className="text-sm text-ink-subtle">Invoice on its way.</p>;
  }
  return (
    <ul className="flex flex-col gap-1.5" aria-label={`Documents for ${charge.title}`}>
      {charge.documents.map((doc) => {
        const what = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
        return (
          <li key={doc.number} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            <Link
              to="/billing/documents/$number"
              params={{ number: doc.number }}
              className="font-medium text-accent-200 underline-offset-2 hover:underline"
              data-testid="billing-document-link"
            >
              {what} {doc.number}
            </Link>
            <a
              href={`/billing/pdf/${doc.number}.pdf`}
              className="text-ink-muted underline-offset-2 hover:text-ink hover:underline"
              aria-label={`${what} ${doc.number} as PDF`}
            >
              PDF
            </a>
            {doc.kind === 'credit_note' ? <span className="text-ink-subtle">−{money(doc.totalCents, doc.currency)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function ChargeRow({ charge }: { charge: BillingCharge }) {
  const headingId = `charge-${charge.id}`;
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:gap-6" aria-labelledby={headingId} data-testid="billing-charge">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-medium text-ink">
            {charge.title}
          </h3>
          <StatusPill status={charge.status} label={STATUS[charge.status]} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-subtle">Date</dt>
          <dd className="text-ink-muted">
            <time dateTime={charge.at}>{formatDay(charge.at)}</time>
          </dd>
          <dt className="text-ink-subtle">For</dt>
          <dd className="text-ink-muted">{KIND[charge.kind]}</dd>
          {charge.period ? (
            <>
              <dt className="text-ink-subtle">Period</dt>
              <dd className="text-ink-muted">{formatPeriod(charge.period)}</dd>
            </>
          ) : null}
          {charge.discounts.map((discount) => (
            <Fragment key={discount.description}>
              <dt className="text-ink-subtle">{discount.description}</dt>
              <dd className="text-ink-muted" data-testid="billing-discount">{`−${money(discount.amountCents, charge.currency)}`}</dd>
            </Fragment>
          ))}
          <dt className="text-ink-subtle">Amount</dt>
          <dd className="font-medium text-ink">{money(charge.amountCents, charge.currency)}</dd>
          <dt className="text-ink-subtle">Tax</dt>
          <dd className="text-ink-muted">{charge.taxCents === null ? '—' : money(charge.taxCents, charge.currency)}</dd>
        </dl>
      </div>
      <div className="sm:max-w-xs sm:text-right">
        <Documents charge={charge} />
      </div>
    </li>
  );
}

/** Every charge of the account, newest first, with its invoice and credit notes (HTML and PDF); and the billing details they name. */
export function BillingSection() {
  const { data } = useSuspenseQuery(billingHistoryQuery());
  return (
    <div className="space-y-6">
      {data.charges.length === 0 ? (
        <EmptyState title="No charges yet">
          <p>Your purchases, renewals and plan changes appear here with their invoices.</p>
        </EmptyState>
      ) : (
        <Panel title="Charges" labelledBy="billing-charges">
          <ul className="divide-y divide-line rounded-xl border border-line">
            {data.charges.map((charge) => (
              <ChargeRow key={`${charge.kind}-${charge.id}`} charge={charge} />
            ))}
          </ul>
        </Panel>
      )}
      <BillingDetailsPanel />
    </div>
  );
}
