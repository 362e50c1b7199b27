// HTTP throughput of the api, each figure against /healthz (the cheapest route) in the same run.
// Starts the built site on a free port with a fresh database, like `npm start`; loopback only.
import { cpus } from 'node:os';
import { closedLoop } from './support/closed-loop.mjs';
import { randomBytes } from 'node:crypto';
import { cookieJar, signUpOverHttp } from './support/site-accounts.mjs';
import { startBenchSite } from './support/site.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const queuePrefix = `bench_http_${randomBytes(4).toString('hex')}`;
const site = await startBenchSite({ ROLE: 'api', QUEUE_PREFIX: queuePrefix });
try {
  const base = site.url;
  // A signed-in visitor: every call verifies the 60 s token and looks up the session's status.
  // The jar follows the refreshes, as a browser's would, so a long run is not all refreshes.
  let cookie = await signUpOverHttp(base, queuePrefix, 'bench-http@example.com', 'Bench Visitor');
  const signedIn = async () => {
    const response = await fetch(`${base}/_serverFn/getViewer?payload=%7B%7D`, { headers: { cookie } });
    const renewed = response.headers.getSetCookie().filter((c) => c.startsWith('__session='));
    if (renewed.length) cookie = [...cookie.split('; ').filter((c) => !c.startsWith('__session=')), cookieJar(renewed)].join('; ');
    return response;
  };
  const viewer = await (await signedIn()).json();
  if (!viewer.result?.viewer) throw new Error(`the bench visitor is not signed in: ${JSON.stringify(viewer)}`);

  const allCases = [
    ['GET /healthz (baseline)', () => fetch(`${base}/healthz`)],
    ['GET /_serverFn/getSiteInfo', () => fetch(`${base}/_serverFn/getSiteInfo?payload=%7B%7D`)],
    ['GET /_serverFn/getSiteInfo, malformed → 400', () => fetch(`${base}/_serverFn/getSiteInfo?payload=%7Bbad`)],
    ['GET /_serverFn/getViewer, signed out', () => fetch(`${base}/_serverFn/getViewer?payload=%7B%7D`)],
    ['GET /_serverFn/getViewer, signed in', signedIn],
    ['GET /_serverFn/getServiceStatus (Postgres + Redis)', () => fetch(`${base}/_serverFn/getServiceStatus`)],
    ['GET /_serverFn/listResources (kept in memory)', () => fetch(`${base}/_serverFn/listResources?payload=${encodeURIComponent('{"category":"template"}')}`)],
    ['GET / (server-rendered home)', () => fetch(`${base}/`)],
    ['GET /no-such-page (server-rendered 404)', () => fetch(`${base}/no-such-page`)],
  ];
  // BENCH_ONLY=<text>: the baseline and the cases whose name contains it (a quicker before/after).
  const cases = allCases.filter(([name], index) => index === 0 || !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY));
  for (const [, request] of cases) await run(request, 500); // warm every path up before measuring any
  const rows = [];
  for (const [name, request] of cases) rows.push({ name, ...(await run(request, REQUESTS)) });
  const baseline = rows[0].perSecond;
  console.log(`\nHTTP api, ${REQUESTS} requests per case at concurrency ${CONCURRENCY} (client and server share ${cpus().length} cores)\n`);
  console.log(['case'.padEnd(52), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'vs baseline'.padStart(12)].join(''));
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(52),
        row.perSecond.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p95.toFixed(1).padStart(8),
        `${(row.perSecond / baseline).toFixed(2)}x`.padStart(12),
      ].join(''),
    );
  }
} finally {
  await site.stop();
}

function run(request, total) {
  return closedLoop(request, total, CONCURRENCY);
}
