import type { DisputeSummary } from '../../../../contracts/disputes/disputes.contract';
import { type DisputeEvidence, EVIDENCE_FIELDS, type EvidenceFacts, type EvidenceField } from './dispute-evidence';

/** What the printable evidence says, in order; the HTML page and the PDF both render this and nothing else. */
export interface EvidenceReport {
  title: string;
  /** Label and value pairs about the dispute itself: id, charge, amount, reason, dates, status. */
  summary: { label: string; value: string }[];
  /** Each Stripe evidence field, as it will be (or was) sent. */
  fields: { title: string; text: string }[];
  /** The facts the fields were written from; empty when the payment was not one of our purchases. */
  tables: EvidenceTable[];
  generatedAt: string;
}

export interface EvidenceTable {
  heading: string;
  columns: { title: string; /** Relative width. */ weight: number }[];
  rows: string[][];
}

const TITLES: Record<EvidenceField, string> = {
  customer_email_address: 'Customer email address',
  customer_name: 'Customer name',
  product_description: 'Product description',
  service_date: 'Service date',
  access_activity_log: 'Access activity log',
  refund_policy_disclosure: 'Refund policy disclosure',
  uncategorized_text: 'Receipt and communications',
};

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const table = (heading: string, columns: [string, number][], rows: unknown[][]): EvidenceTable => ({
  heading,
  columns: columns.map(([title, weight]) => ({ title, weight })),
  rows: rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))),
});

/** The dispute, each evidence field, then the log's facts in tables. */
export function evidenceReport(dispute: DisputeSummary, evidence: DisputeEvidence, facts: EvidenceFacts | null, generatedAt: string): EvidenceReport {
  const summary = [
    { label: 'Dispute', value: dispute.disputeId },
    { label: 'Charge', value: dispute.chargeId },
    { label: 'Amount', value: money(dispute.amountCents, dispute.currency) },
    { label: 'Reason', value: dispute.reason },
    { label: 'Opened', value: dispute.openedAt },
    ...(dispute.dueBy ? [{ label: 'Evidence due by', value: dispute.dueBy }] : []),
    { label: 'Status', value: dispute.status === 'submitted' ? `submitted ${dispute.submittedAt ?? ''}`.trim() : 'needs response' },
    { label: 'Generated', value: `${generatedAt} from the account's event log` },
  ];
  const tables = facts
    ? [
        table(
          'Plugin license checks (latest)',
          [
            ['When', 3],
            ['Result', 2],
            ['Plugin', 2],
            ['Device', 3],
          ],
          facts.checks.latest.map((c) => [c.checkedAt, c.code, c.pluginVersion, c.device]),
        ),
        table(
          'Devices',
          [
            ['Device', 4],
            ['Activated', 3],
            ['Released', 3],
          ],
          facts.devices.map((d) => [d.name ?? 'unnamed', d.activatedAt, d.releasedAt]),
        ),
        table(
          'Downloads',
          [
            ['File', 4],
            ['Version', 1],
            ['Downloads', 2],
            ['Last', 3],
          ],
          facts.downloads.map((d) => [d.fileName, d.version, d.downloads, d.lastDownloadedAt]),
        ),
        table(
          'Emails delivered',
          [
            ['When', 1],
            ['Email', 1],
          ],
          facts.emails.map((e) => [e.deliveredAt, e.kind]),
        ),
      ]
    : [];
  return {
    title: `Dispute evidence: ${dispute.disputeId}`,
    summary,
    fields: EVIDENCE_FIELDS.map((field) => ({ title: TITLES[field], text: evidence[field] })),
    tables,
    generatedAt,
  };
}
