import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { SerializedStreams } from '../../../backend/src/events/serialized-streams';
import { ChargeDocumentsLog } from '../../../backend/src/modules/invoicing/charge-documents.log';
import { IssueCreditNote, IssueCreditNoteHandler } from '../../../backend/src/modules/invoicing/commands/issue-credit-note.handler';
import { IssueInvoice, IssueInvoiceHandler } from '../../../backend/src/modules/invoicing/commands/issue-invoice.handler';
import type { ChargeFacts } from '../../../backend/src/modules/invoicing/documents/charge-document';
import { invoiceSeriesStreamId, invoicingEvents } from '../../../backend/src/modules/invoicing/invoicing.events';
import { InvoiceSeriesStreams } from '../../../backend/src/modules/invoicing/invoicing-streams';
import { InvoiceSeller } from '../../../backend/src/modules/invoicing/seller';
import { metadata, testPool } from '../../support/test-events';

/** What one api or worker process has: its own pool, lanes, cache and handlers. */
interface Process {
  pool: Pool;
  invoices: IssueInvoiceHandler;
  creditNotes: IssueCreditNoteHandler;
}
const pools: Pool[] = [];
const registry = new EventRegistry().register(...invoicingEvents);
const seller = new InvoiceSeller({ name: 'SystemSculpt Ltd', address: ['1 Example Street', 'London'], taxId: 'GB123456789', email: null });

function processWith(): Process {
  const pool = testPool(4);
  pools.push(pool);
  const store = new EventStore(pool, registry);
  // 3× the default wait: 50 issuers queueing on one series on a loaded machine must not meet the bound.
  const series = new InvoiceSeriesStreams(new SerializedStreams(store, pool, 15_000));
  return { pool, invoices: new IssueInvoiceHandler(series, seller), creditNotes: new IssueCreditNoteHandler(series, new ChargeDocumentsLog(pool)) };
}

let processes: Process[];
beforeAll(() => {
  processes = [processWith(), processWith()];
});
afterAll(() => Promise.all(pools.map((pool) => pool.end())));

/** A year no other test issues in (one database serves the whole run), so its series starts at 1. */
const freshYear = () => String(3000 + Math.floor(Math.random() * 6999));
const facts = (id: string, amountCents = 4900): ChargeFacts => ({
  charge: { kind: 'checkout', id },
  userId: 'user-numbering',
  email: 'buyer@example.com',
  description: 'Lifetime',
  quantity: 1,
  amountCents,
  currency: 'usd',
  chargedAt: '2026-11-29T10:00:00.000Z',
  periodStart: null,
  periodEnd: null,
  tax: null,
  discount: null,
});

const seriesRows = async (pool: Pool, series: string) =>
  (
    await pool.query<{ stream_version: number; type: string; number: string; charge: string; total: number }>(
      `select stream_version, type, data->>'number' as number, data->'charge'->>'id' as charge, (data->>'totalCents')::int as total
         from events where stream_id = $1 order by stream_version`,
      [invoiceSeriesStreamId(series)],
    )
  ).rows;

describe('invoice numbers under concurrent charges', () => {
  it('50 concurrent purchases on two processes, each delivered twice: 50 invoices, numbered 1 to 50 with no gap, one per charge', async () => {
    const year = freshYear();
    const issuedAt = `${year}-03-01T12:00:00.000Z`;
    const charges = Array.from({ length: 50 }, () => randomUUID());
    // Every charge twice, on alternating processes, all at once: a redelivered event racing its first delivery.
    const deliveries = [...charges, ...charges].map((id, i) => processes[i % 2]!.invoices.execute(new IssueInvoice(facts(id), metadata(), issuedAt)));
    const outcomes = await Promise.all(deliveries);
    expect(outcomes.filter((o) => o.status === 'appended')).toHaveLength(50);

    const rows = await seriesRows(processes[0]!.pool, `INV-${year}`);
    expect(rows.map((r) => r.stream_version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`));
    expect(new Set(rows.map((r) => r.charge))).toEqual(new Set(charges));
  }, 120_000);

  it('a charge delivered again in the next year gets no second invoice in the new series', async () => {
    const year = Number(freshYear());
    const id = randomUUID();
    await processes[0]!.invoices.execute(new IssueInvoice(facts(id), metadata(), `${year}-12-31T23:59:59.000Z`));
    const again = await processes[1]!.invoices.execute(new IssueInvoice(facts(id), metadata(), `${year + 1}-01-01T00:00:01.000Z`));
    expect(again.status).toBe('already-recorded');
    expect(await seriesRows(processes[0]!.pool, `INV-${year + 1}`)).toEqual([]);
  });
});

describe('credit notes for refunds', () => {
  it('a refund delivered again and again, at once and later, issues one credit note against the invoice', async () => {
    const year = freshYear();
    const issuedAt = `${year}-05-01T12:00:00.000Z`;
    const id = randomUUID();
    await processes[0]!.invoices.execute(new IssueInvoice(facts(id, 4900), metadata(), issuedAt));
    const refund = (i: number) => processes[i % 2]!.creditNotes.execute(new IssueCreditNote({ kind: 'checkout', id }, 4900, metadata(), issuedAt));
    await Promise.all([refund(0), refund(1), refund(2), refund(3)]);
    await refund(4);
    const notes = await seriesRows(processes[0]!.pool, `CN-${year}`);
    expect(notes).toEqual([{ stream_version: 1, type: 'CreditNoteIssued', number: `CN-${year}-000001`, charge: id, total: 4900 }]);
  });

  it('partial refunds issue a note each for what they add, never past the invoice', async () => {
    const year = freshYear();
    const issuedAt = `${year}-05-01T12:00:00.000Z`;
    const id = randomUUID();
    await processes[0]!.invoices.execute(new IssueInvoice(facts(id, 4900), metadata(), issuedAt));
    for (const refunded of [1000, 1000, 3000, 4900, 4900])
      await processes[refunded % 2]!.creditNotes.execute(new IssueCreditNote({ kind: 'checkout', id }, refunded, metadata(), issuedAt));
    expect((await seriesRows(processes[0]!.pool, `CN-${year}`)).map((r) => r.total)).toEqual([1000, 2000, 1900]);
  });

  it('a refund of a charge with no invoice issues nothing', async () => {
    const outcome = await processes[0]!.creditNotes.execute(new IssueCreditNote({ kind: 'checkout', id: randomUUID() }, 100, metadata()));
    expect(outcome).toEqual({ status: 'no-invoice' });
  });
});
