import type { DisputeSummary } from '../../../../contracts/disputes/disputes.contract';
import { html, standalonePage } from '../../platform/common/html';
import { type DisputeEvidence, EVIDENCE_FIELDS, type EvidenceFacts } from './dispute-evidence';

const STYLE = `body{margin:0;font:14px/1.5 Georgia,'Times New Roman',serif;color:#111}main{max-width:760px;margin:0 auto;padding:32px 24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 6px;border-bottom:1px solid #999}dl{display:grid;grid-template-columns:12em 1fr;gap:2px 12px;margin:0}
dt{font-weight:bold}dd{margin:0}pre{white-space:pre-wrap;font:13px/1.45 ui-monospace,Menlo,monospace;margin:0}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:3px 6px;border-bottom:1px solid #ddd;font-size:13px}.note{color:#555;font-size:12px}@media print{main{padding:0}}`;

const TITLES: Record<(typeof EVIDENCE_FIELDS)[number], string> = {
  customer_email_address: 'Customer email address',
  customer_name: 'Customer name',
  product_description: 'Product description',
  service_date: 'Service date',
  access_activity_log: 'Access activity log',
  refund_policy_disclosure: 'Refund policy disclosure',
  uncategorized_text: 'Receipt and communications',
};

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The evidence as a printable page (print it to PDF from the browser): the dispute, each Stripe
 * field as it will be (or was) sent, then the facts they were written from, in tables.
 */
export function evidenceDocument(dispute: DisputeSummary, evidence: DisputeEvidence, facts: EvidenceFacts | null, generatedAt: string): string {
  const rows = <T>(items: T[], cells: (item: T) => unknown[]) => items.map((item) => html`<tr>${cells(item).map((cell) => html`<td>${cell}</td>`)}</tr>`);
  const body = html`<h1>Dispute evidence: ${dispute.disputeId}</h1>
<p class="note">Charge ${dispute.chargeId}, ${money(dispute.amountCents, dispute.currency)}, reason “${dispute.reason}”, opened ${dispute.openedAt}${
    dispute.dueBy ? html`, evidence due by ${dispute.dueBy}` : ''
  }. Status: ${dispute.status === 'submitted' ? `submitted ${dispute.submittedAt ?? ''}` : 'needs response'}. Generated ${generatedAt} from the account's event log.</p>
${EVIDENCE_FIELDS.map((field) => html`<h2>${TITLES[field]}</h2><pre>${evidence[field] || '—'}</pre>`)}
${
  facts
    ? html`<h2>Plugin license checks (latest)</h2><table><tr><th>When</th><th>Result</th><th>Plugin</th><th>Device</th></tr>${rows(facts.checks.latest, (c) => [c.checkedAt, c.code, c.pluginVersion ?? '', c.device ?? ''])}</table>
<h2>Devices</h2><table><tr><th>Device</th><th>Activated</th><th>Released</th></tr>${rows(facts.devices, (d) => [d.name ?? 'unnamed', d.activatedAt, d.releasedAt ?? ''])}</table>
<h2>Downloads</h2><table><tr><th>File</th><th>Version</th><th>Downloads</th><th>Last</th></tr>${rows(facts.downloads, (d) => [d.fileName, d.version, d.downloads, d.lastDownloadedAt])}</table>
<h2>Emails delivered</h2><table><tr><th>When</th><th>Email</th></tr>${rows(facts.emails, (e) => [e.deliveredAt, e.kind])}</table>`
    : ''
}`;
  return standalonePage(`Dispute evidence ${dispute.disputeId}`, STYLE, body);
}
