// The seller's tax report over BENCH_CHARGES generated charges (default 1,000,000). The built site
// starts on a fresh database; InvoiceIssued events (one per charge, over 12 quarters, 27 EU member
// states and 6 other countries, in EUR and USD) and a credit note for every 20th charge are written
// into the event log by SQL in chunks, and projected by the site's own worker (TaxReportProjector
// into its rollups; how fast is printed). Then, one request at a time over HTTP: GET /healthz
// (baseline), the report (adminGetTaxReport) of a quarter, its OSS CSV, and, as the baseline the
// rollups replace, the same quarter's figures computed by scanning the log in SQL. Closing the
// quarter is timed once. If generating the full size would take too long here, set BENCH_CHARGES
// lower: the figures are printed with an extrapolation to 1,000,000.
//   BENCH_CHARGES (1000000), BENCH_CHUNK (50000), BENCH_REQUESTS per read (100), BENCH_SCANS (5)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchSite } from './support/site.mjs';

const CHARGES = Number(process.env.BENCH_CHARGES ?? 1_000_000);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const SCANS = Number(process.env.BENCH_SCANS ?? 5);
const ADMIN_TOKEN = 'bench-admin-token-tax-report-0123456789';
const FULL = 1_000_000;

// 12 quarters ending with the one before the current one, so the last is closable.
const now = new Date();
const startOfCurrent = Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1);
const SPAN_DAYS = 12 * 91;
const first = startOfCurrent - SPAN_DAYS * 86_400_000;
const quarterOf = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
};
const LAST = quarterOf(startOfCurrent - 86_400_000);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()}`);

const site = await startBenchSite({ ADMIN_TOKEN });
const pool = new pg.Pool({ connectionString: site.databaseUrl, max: 2 });
try {
  const signIn = await fetch(`${site.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token: ADMIN_TOKEN }), redirect: 'manual' });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];

  const seedStarted = performance.now();
  for (let from = 1; from <= CHARGES; from += CHUNK) await seed(from, Math.min(CHARGES, from + CHUNK - 1));
  const seeded = (performance.now() - seedStarted) / 1000;
  const { rows: counted } = await pool.query(
    `select count(*)::int as n, max(position)::text as head from events where type in ('InvoiceIssued', 'CreditNoteIssued')`,
  );
  console.log(`wrote ${counted[0].n.toLocaleString('en-US')} invoice and credit-note events in ${seeded.toFixed(1)} s`);

  const projectStarted = performance.now();
  await waitForProjection(BigInt(counted[0].head));
  const projected = (performance.now() - projectStarted) / 1000;
  const { rows: sizes } = await pool.query(
    `select (select count(*) from rm_tax_rollups)::int as rollups, (select count(*) from rm_tax_document_lines)::int as lines,
            pg_size_pretty(pg_total_relation_size('rm_tax_document_lines')) as lines_size, pg_size_pretty(pg_total_relation_size('events')) as log_size`,
  );
  console.log(
    `projected by the site's worker (after writing; beside its other projectors) in ${projected.toFixed(1)} s, ${Math.round(counted[0].n / projected).toLocaleString('en-US')} events/s; ` +
      `${sizes[0].rollups} rollup rows, ${sizes[0].lines.toLocaleString('en-US')} document lines (${sizes[0].lines_size}); the log ${sizes[0].log_size}`,
  );

  const report = await answer('adminGetTaxReport', { quarter: LAST }, cookie);
  console.log(
    `${LAST}: ${report.rows.length} rows, totals ${report.totals.map((t) => `${t.currency} tax ${(t.salesTaxCents + t.adjustmentsTaxCents) / 100}`).join(', ')}`,
  );

  const results = [
    ['GET /healthz (baseline)', await timeEach(() => fetch(`${site.url}/healthz`), REQUESTS)],
    [`adminGetTaxReport ${LAST} (rollups)`, await timeEach(() => call('adminGetTaxReport', { quarter: LAST }, cookie), REQUESTS)],
    [`GET /admin/tax-report/${LAST}.csv (open)`, await timeEach(() => fetch(`${site.url}/admin/tax-report/${LAST}.csv`, { headers: { cookie } }), REQUESTS)],
    [`the same figures by scanning the log (SQL, baseline)`, await timeEach(() => scanQuarter(LAST), SCANS)],
  ];

  const closeStarted = performance.now();
  const closed = await fetch(`${site.url}/_serverFn/adminCloseTaxQuarter`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ quarter: LAST }),
  });
  if (closed.status !== 200) throw new Error(`adminCloseTaxQuarter answered ${closed.status}: ${await closed.text()}`);
  console.log(`closing ${LAST}: ${(performance.now() - closeStarted).toFixed(0)} ms`);
  results.push([
    `GET /admin/tax-report/${LAST}.csv (closed, as filed)`,
    await timeEach(() => fetch(`${site.url}/admin/tax-report/${LAST}.csv`, { headers: { cookie } }), REQUESTS),
  ]);
  results.push([`adminGetTaxReport ${LAST} (closed)`, await timeEach(() => call('adminGetTaxReport', { quarter: LAST }, cookie), REQUESTS)]);

  const base = results[0][1];
  console.log(`\nsequential requests (ms), ${CHARGES.toLocaleString('en-US')} charges:`);
  for (const [label, t] of results) {
    console.log(
      `  ${label.padEnd(56)} p50 ${t.p50.toFixed(1).padStart(8)}  p95 ${t.p95.toFixed(1).padStart(8)}  max ${t.max.toFixed(1).padStart(8)}  p50 ×healthz ${(t.p50 / base.p50).toFixed(1).padStart(7)}`,
    );
  }
  const reportP95 = results[1][1].p95;
  console.log(`\nreport p95 ${reportP95.toFixed(1)} ms (target under 500 ms): ${reportP95 < 500 ? 'met' : 'NOT met'}`);
  if (CHARGES < FULL) {
    const factor = FULL / CHARGES;
    console.log(
      `at ${FULL.toLocaleString('en-US')} charges (×${factor.toFixed(1)}, linear): writing ~${(seeded * factor).toFixed(0)} s, projecting ~${(projected * factor).toFixed(0)} s, ` +
        `the log scan ~${(results[3][1].p50 * factor).toFixed(0)} ms; the report reads rollups, whose size grows with quarters × countries × rates, not charges`,
    );
  }
} finally {
  await pool.end();
  await site.stop();
  console.log(`\nload average at end: ${load()}`);
}

async function call(fn, payload, cookie) {
  const response = await fetch(`${site.url}/_serverFn/${fn}?payload=${encodeURIComponent(JSON.stringify(payload))}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${fn} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function answer(fn, payload, cookie) {
  return (await (await call(fn, payload, cookie)).json()).result;
}

async function timeEach(request, times) {
  for (let i = 0; i < Math.min(10, times); i += 1) {
    const r = await request();
    if (r?.arrayBuffer) await r.arrayBuffer();
  }
  const took = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    const r = await request();
    if (r?.arrayBuffer) await r.arrayBuffer();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: took[Math.floor(took.length * 0.5)], p95: took[Math.min(took.length - 1, Math.floor(took.length * 0.95))], max: took.at(-1) };
}

/** What a report without rollups would do per request: aggregate the quarter's documents from the log's JSON. */
function scanQuarter(quarter) {
  const [year, q] = quarter.split('-Q').map(Number);
  const from = new Date(Date.UTC(year, (q - 1) * 3, 1)).toISOString();
  const to = new Date(Date.UTC(year, q * 3, 1)).toISOString();
  return pool.query(
    `select r->>'country' as country, r->>'taxType' as tax_type, r->>'percentage' as rate, e.data->>'currency' as currency,
            sum(case when e.type = 'InvoiceIssued' then (r->>'netCents')::bigint else -(r->>'netCents')::bigint end) as net,
            sum(case when e.type = 'InvoiceIssued' then (r->>'taxCents')::bigint else -(r->>'taxCents')::bigint end) as tax
     from events e cross join lateral jsonb_array_elements(e.data->'rateTotals') r
     where e.type in ('InvoiceIssued', 'CreditNoteIssued') and e.data->>'chargedAt' >= $1 and e.data->>'chargedAt' < $2
     group by 1, 2, 3, 4`,
    [from, to],
  );
}

/** Charges from..to as InvoiceIssued on one series stream, every 20th followed by its credit note on another, built in SQL. */
async function seed(from, to) {
  const countries = `array['AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','GB','NO','CH','AU','JP','US']`;
  const rates = `array[20,21,20,25,19,21,25,24,25.5,20,19,24,27,23,22,21,21,17,18,21,23,23,19,23,22,21,25,20,25,8.1,10,10,0]`;
  const document = (kind) => `jsonb_build_object(
      'series', '${kind === 'inv' ? 'INV-BENCH' : 'CN-BENCH'}', 'sequence', n, 'number', '${kind === 'inv' ? 'INV-BENCH-' : 'CN-BENCH-'}' || n,
      'charge', jsonb_build_object('kind', 'checkout', 'id', 'bench-' || n),
      ${kind === 'inv' ? `'replaces', null,` : `'invoiceNumber', 'INV-BENCH-' || n, 'reason', 'refund', 'refundId', 're_bench_' || n,`}
      'userId', 'user_' || (n % 50000), 'issuedAt', ${kind === 'inv' ? 'charged' : 'refunded'}, 'chargedAt', charged,
      'seller', jsonb_build_object('name', 'SystemSculpt', 'address', jsonb_build_array('1 Example Street', 'Dublin'), 'taxId', 'IE1234567X', 'email', null),
      'buyer', jsonb_build_object('name', null, 'businessName', null, 'address', jsonb_build_object('line1', null, 'line2', null, 'city', null, 'postalCode', null, 'state', null, 'country', country), 'taxIds', '[]'::jsonb),
      'currency', currency,
      'lines', jsonb_build_array(jsonb_build_object('description', 'Lifetime license', 'quantity', 1, 'amountCents', net, 'taxPercentage', rate, 'taxCents', tax, 'periodStart', null, 'periodEnd', null)),
      'rateTotals', jsonb_build_array(jsonb_build_object('country', country, 'taxType', case when country = 'US' then 'none' when country in ('AU','JP') then 'gst' else 'vat' end, 'percentage', rate, 'netCents', net, 'taxCents', tax)),
      'subtotalCents', net, 'taxCents', tax, 'totalCents', net + tax, 'reverseCharge', false)`;
  const charges = `select n, country, rate, currency, net, round(net * rate / 100)::int as tax, charged, refunded from (
      select n, (${countries})[1 + n % 33] as country, (${rates})[1 + n % 33]::numeric as rate,
             case when n % 7 = 0 then 'USD' else 'EUR' end as currency, 900 + (n % 5) * 1000 as net,
             to_char(to_timestamp(${first / 1000} + (n::bigint * ${SPAN_DAYS * 86_400}) / ${CHARGES}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as charged,
             to_char(to_timestamp(${first / 1000} + (n::bigint * ${SPAN_DAYS * 86_400}) / ${CHARGES} + 86400 * 40) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as refunded
      from generate_series($1::int, $2::int) n) c`;
  const metadata = `jsonb_build_object('correlationId', 'bench-' || n, 'causationId', null, 'actor', jsonb_build_object('kind', 'system'))`;
  await pool.query(
    `insert into events (stream_id, stream_version, type, schema_version, data, metadata)
     select 'invoice-series-INV-BENCH', n, 'InvoiceIssued', 1, ${document('inv')}, ${metadata} from (${charges}) d order by n`,
    [from, to],
  );
  await pool.query(
    `insert into events (stream_id, stream_version, type, schema_version, data, metadata)
     select 'invoice-series-CN-BENCH', n / 20, 'CreditNoteIssued', 1, ${document('cn')}, ${metadata} from (${charges}) d where n % 20 = 0 order by n`,
    [from, to],
  );
}

/** Until the tax report's checkpoint has passed the last event written. */
async function waitForProjection(head) {
  for (;;) {
    const { rows } = await pool.query(`select position::text from projector_checkpoints where name = 'TaxReportProjector'`);
    if (rows[0] && BigInt(rows[0].position) >= head) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
