// HTTP throughput of the api, each figure against /healthz (the cheapest route) in the same run.
// Starts the built site on a free port with a fresh database, like `npm start`; loopback only.
import { cpus } from 'node:os';
import { closedLoop } from './support/closed-loop.mjs';
import { startBenchSite } from './support/site.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const site = await startBenchSite({ ROLE: 'api' });
try {
  const base = site.url;

  const cases = [
    ['GET /healthz (baseline)', () => fetch(`${base}/healthz`)],
    ['GET /_serverFn/getSiteInfo', () => fetch(`${base}/_serverFn/getSiteInfo?payload=%7B%7D`)],
    ['GET /_serverFn/getSiteInfo, malformed → 400', () => fetch(`${base}/_serverFn/getSiteInfo?payload=%7Bbad`)],
    ['GET /_serverFn/getServiceStatus (Postgres + Redis)', () => fetch(`${base}/_serverFn/getServiceStatus`)],
    ['GET / (server-rendered home)', () => fetch(`${base}/`)],
    ['GET /no-such-page (server-rendered 404)', () => fetch(`${base}/no-such-page`)],
  ];
  for (const [, request] of cases) await run(request, 500); // warm every path up before measuring any
  const rows = [];
  for (const [name, request] of cases) rows.push({ name, ...(await run(request, REQUESTS)) });
  const baseline = rows[0].perSecond;
  console.log(`\nHTTP api, ${REQUESTS} requests per case at concurrency ${CONCURRENCY} (client and server share ${cpus().length} cores)\n`);
  console.log(['case'.padEnd(52), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'vs baseline'.padStart(12)].join(''));
  for (const row of rows) {
    console.log(
      [row.name.padEnd(52), row.perSecond.toFixed(0).padStart(8), row.p50.toFixed(1).padStart(8), row.p95.toFixed(1).padStart(8), `${(row.perSecond / baseline).toFixed(2)}x`.padStart(12)].join(''),
    );
  }
} finally {
  await site.stop();
}

function run(request, total) {
  return closedLoop(request, total, CONCURRENCY);
}
