import type { TaxReport, TaxReportRow } from '@contracts/admin/tax-report.contract';
import { money, percent } from './tax-money';

const TH = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-ink-subtle uppercase';
const TD = 'px-3 py-2 text-sm whitespace-nowrap text-ink';
const NUM = `${TD} text-right tabular-nums`;

const rowKey = (row: Pick<TaxReportRow, 'country' | 'taxType' | 'rate' | 'currency'>) => `${row.country}|${row.taxType}|${row.rate}|${row.currency}`;

/** The quarter's own sales by country, tax and rate: taxable amount, tax, credit notes, totals; for a closed quarter, as filed beside as known now. */
export function QuarterTable({ report }: { report: TaxReport }) {
  const own = report.rows.filter((row) => row.supplyQuarter === report.quarter);
  const closed = report.status === 'closed';
  const correctedSince = new Map<string, { net: number; tax: number }>();
  for (const c of report.laterCorrections) {
    const seen = correctedSince.get(rowKey(c)) ?? { net: 0, tax: 0 };
    correctedSince.set(rowKey(c), { net: seen.net + c.salesNetCents + c.adjustmentsNetCents, tax: seen.tax + c.salesTaxCents + c.adjustmentsTaxCents });
  }
  if (own.length === 0) return <p className="text-sm text-ink-muted">No invoices or credit notes for sales made in {report.quarter}.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-line" tabIndex={0} role="region" aria-labelledby="tax-own-caption">
      <table className="min-w-full divide-y divide-line">
        <caption id="tax-own-caption" className="px-3 py-2 text-left text-sm text-ink-muted">
          Sales made in {report.quarter}
          {closed ? ', as filed' : ', as known now'} (amounts in the currency charged)
        </caption>
        <thead className="bg-surface-raised">
          <tr>
            <th scope="col" className={TH}>
              Country
            </th>
            <th scope="col" className={TH}>
              Tax
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Rate
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Taxable
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Tax
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Credit notes
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Total taxable
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Total tax
            </th>
            {closed ? (
              <th scope="col" className={`${TH} text-right`}>
                As known now
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {own.map((row) => {
            const net = row.salesNetCents + row.adjustmentsNetCents;
            const tax = row.salesTaxCents + row.adjustmentsTaxCents;
            const since = correctedSince.get(rowKey(row));
            return (
              <tr key={rowKey(row)}>
                <th scope="row" className={`${TD} font-medium`}>
                  {row.country}
                </th>
                <td className={TD}>{row.taxType.toUpperCase()}</td>
                <td className={NUM}>{percent(row.rate)}</td>
                <td className={NUM}>{money(row.salesNetCents, row.currency)}</td>
                <td className={NUM}>{money(row.salesTaxCents, row.currency)}</td>
                <td className={NUM}>
                  {row.adjustmentsNetCents === 0
                    ? '—'
                    : `${money(row.adjustmentsNetCents, row.currency)} (tax ${money(row.adjustmentsTaxCents, row.currency)})`}
                </td>
                <td className={NUM}>{money(net, row.currency)}</td>
                <td className={`${NUM} font-medium`}>{money(tax, row.currency)}</td>
                {closed ? (
                  <td className={NUM}>{since ? `${money(net + since.net, row.currency)} (tax ${money(tax + since.tax, row.currency)})` : 'unchanged'}</td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Per currency: the quarter's sales, its credit notes and corrections of earlier quarters; never one sum across currencies. */
export function TotalsList({ report }: { report: TaxReport }) {
  if (report.totals.length === 0) return null;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Totals by currency">
      {report.totals.map((t) => (
        <li key={t.currency} className="rounded-xl border border-line bg-surface-raised p-4 text-sm">
          <p className="font-medium text-ink">{t.currency}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-ink-muted">
            <dt>Taxable</dt>
            <dd className="text-right tabular-nums">{money(t.salesNetCents + t.adjustmentsNetCents, t.currency)}</dd>
            <dt>Tax</dt>
            <dd className="text-right text-ink tabular-nums">{money(t.salesTaxCents + t.adjustmentsTaxCents, t.currency)}</dd>
            <dt>of which credit notes</dt>
            <dd className="text-right tabular-nums">{money(t.adjustmentsTaxCents, t.currency)}</dd>
            <dt>Corrections of earlier quarters (tax)</dt>
            <dd className="text-right tabular-nums">{money(t.correctionsTaxCents, t.currency)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Corrections by country and period: in an open quarter, those it reports; in a closed one, those reported since in later quarters. */
export function CorrectionsTable({ caption, rows }: { caption: string; rows: Array<TaxReportRow & { reportQuarter?: string }> }) {
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full divide-y divide-line">
        <caption className="px-3 py-2 text-left text-sm text-ink-muted">{caption}</caption>
        <thead className="bg-surface-raised">
          <tr>
            <th scope="col" className={TH}>
              Sales of
            </th>
            <th scope="col" className={TH}>
              Reported in
            </th>
            <th scope="col" className={TH}>
              Country
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Rate
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Taxable
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Tax
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={`${row.reportQuarter ?? ''}|${row.supplyQuarter}|${rowKey(row)}`}>
              <th scope="row" className={`${TD} font-medium`}>
                {row.supplyQuarter}
              </th>
              <td className={TD}>{row.reportQuarter ?? 'this quarter'}</td>
              <td className={TD}>
                {row.country} {row.taxType.toUpperCase()}
              </td>
              <td className={NUM}>{percent(row.rate)}</td>
              <td className={NUM}>{money(row.salesNetCents + row.adjustmentsNetCents, row.currency)}</td>
              <td className={NUM}>{money(row.salesTaxCents + row.adjustmentsTaxCents, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
