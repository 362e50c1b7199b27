// Invoices: numbering under concurrent charges and the PDF render. Two parts, each beside a
// baseline measured in the same run, on a database of its own (no HTTP, no Stripe):
//   1. IssueInvoice (the built handler: the series stream under SerializedStreams, the number its
//      next version, the charge's source-id claim) for BENCH_PURCHASES (default 100) concurrent
//      charges, spread over two "processes" (pools, lanes and caches of their own), for
//      BENCH_ROUNDS rounds on one series: numbers per second and the p95 of one issue, and that the
//      numbers came out 1..N with no gap. Baseline: the same number of concurrent appends of one
//      event each to streams of their own (no contention, no decision): the floor of the store.
//   2. documentPdf for a taxed invoice (a line, a rate, both parties' tax numbers, the reverse
//      charge) BENCH_PDFS (default 200) times: p50 and p95. Baseline: pdfkit drawing one line of text
//      on one page, the floor of any PDF.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../dist/app/backend/src/${path}`);
const { EventRegistry, defineEvent } = dist('events/event-registry.js');
const { EventStore } = dist('events/event-store.js');
const { SerializedStreams } = dist('events/serialized-streams.js');
const { prepareDatabase } = dist('prepare-database.js');
const { invoicingEvents, invoiceSeriesStreamId } = dist('modules/invoicing/invoicing.events.js');
const { IssueInvoice, IssueInvoiceHandler } = dist('modules/invoicing/commands/issue-invoice.handler.js');
const { InvoiceSeriesStreams } = dist('modules/invoicing/invoicing-streams.js');
const { InvoiceSeller } = dist('modules/invoicing/seller.js');
const { invoiceBody } = dist('modules/invoicing/documents/charge-document.js');
const { documentPdf } = dist('modules/invoicing/documents/document-pdf.js');
const { z } = require('zod');

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PDFS = Number(process.env.BENCH_PDFS ?? 200);
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databases = [];
const pools = [];
const loadAtStart = loadavg()[0];
const metadata = () => ({ correlationId: randomUUID(), causationId: null, actor: { kind: 'system' } });
const BaselineAppended = defineEvent({ type: 'BenchBaselineAppended', schemaVersion: 1, schema: z.object({ n: z.number() }) });
const seller = new InvoiceSeller({ name: 'SystemSculpt Ltd', address: ['1 Example Street', 'London N1 1AA'], taxId: 'GB123456789', email: null });

const TAX = {
  currency: 'eur',
  subtotalCents: 19_900,
  taxCents: 0,
  totalCents: 19_900,
  reverseCharge: true,
  lines: [{ country: 'FR', state: null, taxType: 'vat', percentage: 0, taxabilityReason: 'reverse_charge', taxableAmountCents: 19_900, amountCents: 0 }],
  buyer: {
    name: 'Jeanne Martin',
    businessName: 'Martin SARL',
    address: { line1: '5 rue de la Paix', line2: null, city: 'Paris', postalCode: '75002', state: null, country: 'FR' },
    taxIds: [{ type: 'eu_vat', value: 'FR12345678901', verified: true }],
  },
};
const facts = (id) => ({
  charge: { kind: 'checkout', id },
  userId: 'bench-user',
  email: 'buyer@example.com',
  description: 'Lifetime License',
  quantity: 1,
  amountCents: 19_900,
  currency: 'eur',
  chargedAt: new Date().toISOString(),
  periodStart: null,
  periodEnd: null,
  tax: TAX,
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;
const timed = async (run) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase() {
  const name = `sculpt_bench_invoices_${randomBytes(3).toString('hex')}`;
  await withClient(admin, (c) => c.query(`create database ${name}`));
  databases.push(name);
  return Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
}

function processOn(url, registry) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  pools.push(pool);
  const store = new EventStore(pool, registry);
  return { pool, store, handler: new IssueInvoiceHandler(new InvoiceSeriesStreams(new SerializedStreams(store, pool, 30_000)), seller) };
}

async function numbering(url) {
  const registry = new EventRegistry().register(...invoicingEvents, BaselineAppended);
  const processes = [processOn(url, registry), processOn(url, registry)];
  const year = 4000 + Math.floor(Math.random() * 5000);
  const issuedAt = `${year}-06-01T12:00:00.000Z`;
  const issueTimes = [];
  const baselineTimes = [];
  let issueWall = 0;
  let baselineWall = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    baselineWall += await timed(() =>
      Promise.all(
        Array.from({ length: PURCHASES }, async (_, i) => {
          const started = performance.now();
          await processes[i % 2].store.append(`bench-baseline-${randomUUID()}`, 'no-stream', [BaselineAppended({ n: i })], metadata());
          baselineTimes.push(performance.now() - started);
        }),
      ),
    );
    issueWall += await timed(() =>
      Promise.all(
        Array.from({ length: PURCHASES }, async (_, i) => {
          const started = performance.now();
          await processes[i % 2].handler.execute(new IssueInvoice(facts(randomUUID()), metadata(), issuedAt));
          issueTimes.push(performance.now() - started);
        }),
      ),
    );
  }
  const { rows } = await processes[0].pool.query('select stream_version from events where stream_id = $1 order by stream_version', [
    invoiceSeriesStreamId(`INV-${year}`),
  ]);
  const gapless = rows.length === PURCHASES * ROUNDS && rows.every((row, i) => Number(row.stream_version) === i + 1);
  const issued = PURCHASES * ROUNDS;
  console.log(`\n1. ${ROUNDS} rounds of ${PURCHASES} concurrent charges on one series, two processes`);
  console.log(`   invoices issued: ${rows.length} of ${issued}, numbered 1..${issued} with no gap: ${gapless ? 'yes' : 'NO'}`);
  console.log(
    `   IssueInvoice:        ${((issued / issueWall) * 1000).toFixed(0)} numbers/s, p50 ${ms(percentile(issueTimes, 50))}, p95 ${ms(percentile(issueTimes, 95))}`,
  );
  console.log(
    `   baseline (appends to own streams): ${((issued / baselineWall) * 1000).toFixed(0)} events/s, p50 ${ms(percentile(baselineTimes, 50))}, p95 ${ms(percentile(baselineTimes, 95))}`,
  );
  console.log(`   ratio: one number costs ${(issueWall / baselineWall).toFixed(1)}× an uncontended append (throughput)`);
  if (!gapless) process.exitCode = 1;
}

function onePagePdf() {
  const doc = new PDFDocument({ size: 'A4' });
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(10).text('Invoice INV-2026-000001');
    doc.end();
  });
}

async function pdfs() {
  const { userId: _userId, ...body } = invoiceBody(facts('pdf'), seller.seller, new Date().toISOString());
  const view = { ...body, kind: 'invoice', number: 'INV-2026-000001', invoiceNumber: null, reason: null, pdfPath: '/billing/pdf/INV-2026-000001.pdf' };
  for (let i = 0; i < 10; i += 1) await documentPdf(view); // warm up pdfkit's fonts
  const times = [];
  const baseline = [];
  for (let i = 0; i < PDFS; i += 1) {
    baseline.push(await timed(() => onePagePdf()));
    times.push(await timed(() => documentPdf(view)));
  }
  console.log(`\n2. ${PDFS} renders of a reverse-charged invoice PDF`);
  console.log(`   documentPdf:           p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
  console.log(`   baseline (one line):   p50 ${ms(percentile(baseline, 50))}, p95 ${ms(percentile(baseline, 95))}`);
  console.log(`   ratio (p95): ${(percentile(times, 95) / percentile(baseline, 95)).toFixed(1)}×`);
}

try {
  console.log(`invoices bench: ${cpus().length} cores, load ${loadAtStart.toFixed(2)} at start`);
  const url = await freshDatabase();
  await prepareDatabase({ DATABASE_URL: url });
  await numbering(url);
  await pdfs();
} finally {
  await Promise.all(pools.map((pool) => pool.end()));
  for (const name of databases) await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
}
