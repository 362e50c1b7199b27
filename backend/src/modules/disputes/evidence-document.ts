import { html, standalonePage } from '../../platform/common/html';
import type { EvidenceReport } from './evidence-report';

const STYLE = `body{margin:0;font:14px/1.5 Georgia,'Times New Roman',serif;color:#111}main{max-width:760px;margin:0 auto;padding:32px 24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 6px;border-bottom:1px solid #999}dl{display:grid;grid-template-columns:12em 1fr;gap:2px 12px;margin:0}
dt{font-weight:bold}dd{margin:0}pre{white-space:pre-wrap;font:13px/1.45 ui-monospace,Menlo,monospace;margin:0}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:3px 6px;border-bottom:1px solid #ddd;font-size:13px}.note{color:#555;font-size:12px}@media print{main{padding:0}}`;

/** The evidence report as a printable page (print it to PDF from the browser). */
export function evidenceDocument(report: EvidenceReport): string {
  const body = html`<h1>${report.title}</h1>
<dl>${report.summary.map((item) => html`<dt>${item.label}</dt><dd>${item.value}</dd>`)}</dl>
${report.fields.map((field) => html`<h2>${field.title}</h2><pre>${field.text || '—'}</pre>`)}
${report.tables.map(
  (table) =>
    html`<h2>${table.heading}</h2><table><tr>${table.columns.map((c) => html`<th>${c.title}</th>`)}</tr>${table.rows.map(
      (row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`,
    )}</table>`,
)}`;
  return standalonePage(report.title, STYLE, body);
}
