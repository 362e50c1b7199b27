import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { searchReader, text } from '../../lib/search-params';
import { adminTaxReportQuery } from '../../queries/tax-report';
import { buttonClasses } from '../../components/ui/Button';
import { AdminFrame } from './-components/AdminFrame';
import { AdminSignIn } from './-components/AdminSignIn';
import { CloseQuarter } from './-components/CloseQuarter';
import { CorrectionsTable, QuarterTable, TotalsList } from './-components/TaxReportTables';
import { when } from './-components/tax-money';

const readSearch = searchReader({ quarter: text({ trim: true, pattern: /^\d{4}-Q[1-4]$/ }) });

export const Route = createFileRoute('/admin/tax-report')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminTaxReportQuery(deps.quarter)),
  component: TaxReportPage,
});

function TaxReportPage() {
  const { quarter } = Route.useLoaderDeps();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: report } = useSuspenseQuery(adminTaxReportQuery(quarter));
  if (!report) return <AdminSignIn failed={false} />;
  if (report === 'owner_only') {
    return (
      <AdminFrame title="Tax report">
        <p role="alert" className="rounded-xl border border-line bg-surface-raised p-4 text-sm text-ink">
          The tax report is the owner’s: it holds the business’s books. A support account cannot open it; ask the owner.
        </p>
      </AdminFrame>
    );
  }
  const own = report.rows.filter((row) => row.supplyQuarter === report.quarter);
  const corrections = report.rows.filter((row) => row.supplyQuarter !== report.quarter);
  return (
    <AdminFrame title="Tax report">
      <p className="text-sm text-ink-muted">
        Tax collected per quarter by country and rate, from every invoice and credit note in the log. Amounts stay in the currency charged; the OSS return is in
        euros, converted at the ECB rate of the quarter’s last day.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <label className="text-xs text-ink-subtle">
          Quarter
          <select
            value={report.quarter}
            onChange={(event) => void navigate({ search: { quarter: event.target.value } })}
            className="mt-1 block h-9 rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400"
          >
            {report.quarters.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm" aria-live="polite">
          {report.closed ? (
            <span className="text-ink">
              <strong>Closed</strong> {when(report.closed.closedAt)}
              {report.closed.checksumMatches ? '' : ' — its rebuilt report does not match the checksum filed; tell the developers'}
            </span>
          ) : (
            <span className="text-ink">
              <strong>Open</strong> {report.closable ? '— ended, ready to close' : `— ends ${when(report.endsAt)}`}
            </span>
          )}
        </p>
        <a href={report.csvPath} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden="true" />
          {report.closed ? 'OSS CSV (as filed)' : 'OSS CSV (so far)'}
        </a>
      </div>
      {report.closed ? (
        <p className="mt-2 text-xs break-all text-ink-subtle">
          SHA-256 of the CSV as filed: <code>{report.closed.checksum}</code>
        </p>
      ) : null}
      <div className="mt-6 space-y-6">
        <TotalsList report={report} />
        <QuarterTable report={{ ...report, rows: own }} />
        <CorrectionsTable caption={`Corrections of earlier quarters reported in ${report.quarter}`} rows={corrections} />
        <CorrectionsTable caption={`Sales of ${report.quarter} corrected since it was closed (as known now)`} rows={report.laterCorrections} />
        {report.closable ? <CloseQuarter quarter={report.quarter} /> : null}
      </div>
    </AdminFrame>
  );
}
