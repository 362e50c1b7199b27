// HTTP throughput of the api, each figure against /healthz (the cheapest route) in the same run.
// Starts the built site on a free port with a fresh database, like `npm start`; loopback only.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { closedLoop } from './support/closed-loop.mjs';
import { randomBytes } from 'node:crypto';
import { cookieJar, signUpOverHttp } from './support/site-accounts.mjs';
import { startBenchSite } from './support/site.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const AUTOCANNON_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const queuePrefix = `bench_http_${randomBytes(4).toString('hex')}`;
const site = await startBenchSite({ ROLE: 'api', QUEUE_PREFIX: queuePrefix });
try {
  const base = site.url;
  // A signed-in visitor: every call verifies the 60 s token and looks up the session's status.
  // The jar follows the refreshes, as a browser's would, so a long run is not all refreshes.
  let cookie = await signUpOverHttp(base, queuePrefix, 'bench-http@example.com', 'Bench Visitor');
  const signedIn = async (path = '/_serverFn/getViewer?payload=%7B%7D') => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const renewed = response.headers.getSetCookie().filter((c) => c.startsWith('__session='));
    if (renewed.length) cookie = [...cookie.split('; ').filter((c) => !c.startsWith('__session=')), cookieJar(renewed)].join('; ');
    return response;
  };
  const viewer = await (await signedIn()).json();
  if (!viewer.result?.viewer) throw new Error(`the bench visitor is not signed in: ${JSON.stringify(viewer)}`);

  // Pages rendered per visit are slow enough that a fifth of the requests measures them as well.
  const rendered = Math.ceil(REQUESTS / 5);
  const allCases = [
    ['GET /healthz (baseline)', () => fetch(`${base}/healthz`)],
    ['GET /_serverFn/getSiteInfo', () => fetch(`${base}/_serverFn/getSiteInfo?payload=%7B%7D`)],
    ['GET /_serverFn/getSiteInfo, malformed → 400', () => fetch(`${base}/_serverFn/getSiteInfo?payload=%7Bbad`)],
    ['GET /_serverFn/getViewer, signed out', () => fetch(`${base}/_serverFn/getViewer?payload=%7B%7D`)],
    ['GET /_serverFn/getViewer, signed in', () => signedIn()],
    ['GET /_serverFn/getServiceStatus (Postgres + Redis)', () => fetch(`${base}/_serverFn/getServiceStatus`)],
    ['GET / signed out (one render, shared)', () => fetch(`${base}/`)],
    ['GET / signed in (rendered per visit)', () => signedIn('/'), rendered],
    ['GET /dashboard signed in (rendered per visit)', () => signedIn('/dashboard'), rendered],
    ['GET /no-such-page (server-rendered 404)', () => fetch(`${base}/no-such-page`), rendered],
  ];
  // BENCH_ONLY=<text>: the baseline and the cases whose name contains it (a quicker before/after).
  const cases = allCases.filter(([name], index) => index === 0 || !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY));
  for (const [, request] of cases) await run(request, 500); // warm every path up before measuring any
  const rows = [];
  for (const [name, request, total = REQUESTS] of cases) {
    const before = serverCpuMs();
    const result = await run(request, total);
    rows.push({ name, ...result, cpuPerRequest: ((serverCpuMs() - before) * 1000) / total });
  }
  const baseline = rows[0].perSecond;
  console.log(`\nHTTP api, ${REQUESTS} requests per case at concurrency ${CONCURRENCY} (client and server share ${cpus().length} cores)\n`);
  console.log(
    [
      'case'.padEnd(52),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'vs baseline'.padStart(12),
      'server µs/req'.padStart(15),
      'by CPU'.padStart(8),
    ].join(''),
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(52),
        row.perSecond.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p95.toFixed(1).padStart(8),
        `${(row.perSecond / baseline).toFixed(2)}x`.padStart(12),
        row.cpuPerRequest.toFixed(0).padStart(15),
        `${(rows[0].cpuPerRequest / row.cpuPerRequest).toFixed(2)}x`.padStart(8),
      ].join(''),
    );
  }
  console.log(`Load average: ${loadAverage()}`);

  await sharedPagesUnderAutocannon(base);
} finally {
  await site.stop();
}

/**
 * Signed-out pages as a browser asks for them (gzip accepted), under autocannon, which does not
 * decode bodies (the fetch client above inflates every ~90 kB page it reads). Autocannon still
 * spends ~8x more CPU on an 18 kB page than on /healthz's answer, on the same 2 cores as the
 * server, so "by CPU" also compares the server's CPU per request: the ratio when the clients are
 * elsewhere, as browsers are.
 */
async function sharedPagesUnderAutocannon(base) {
  const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const cases = [
    ['GET /healthz (baseline)', '/healthz'],
    ['GET / signed out', '/'],
    ['GET /resources signed out', '/resources'],
    ['GET /resources?category=course signed out', '/resources?category=course'],
    ['GET /resources/starter-monthly signed out', '/resources/starter-monthly'],
    ['GET /obsidian-ai-plugin-docs/getting-started signed out', '/obsidian-ai-plugin-docs/getting-started'],
    ['GET /?utm_source=x signed out', '/?utm_source=x'],
  ].filter(([name], index) => index === 0 || !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY));
  const rows = [];
  for (const [name, path] of cases) {
    // Warmed with a closed loop, which waits for every answer: nothing of it is left running.
    await closedLoop(() => fetch(`${base}${path}`, { headers }), 500, CONCURRENCY);
    const before = serverCpuMs();
    const result = await autocannon({ url: `${base}${path}`, connections: CONCURRENCY, duration: AUTOCANNON_SECONDS, headers });
    const cpuPerRequest = ((serverCpuMs() - before) * 1000) / Math.max(1, result.requests.total);
    if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rows.push({ name, perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequest });
  }
  const baseline = rows[0];
  console.log(
    `\nSigned-out pages as a browser asks (gzip accepted), autocannon, ${CONCURRENCY} connections, ${AUTOCANNON_SECONDS} s each, bodies not decoded\n`,
  );
  console.log(
    [
      'case'.padEnd(52),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'vs baseline'.padStart(12),
      'server µs/req'.padStart(15),
      'by CPU'.padStart(8),
    ].join(''),
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(52),
        row.perSecond.toFixed(0).padStart(8),
        String(row.p50).padStart(8),
        String(row.p99).padStart(8),
        `${(row.perSecond / baseline.perSecond).toFixed(2)}x`.padStart(12),
        row.cpuPerRequest.toFixed(0).padStart(15),
        `${(baseline.cpuPerRequest / row.cpuPerRequest).toFixed(2)}x`.padStart(8),
      ].join(''),
    );
  }
  const pages = rows.slice(1);
  if (pages.length) {
    const slowest = pages.reduce((a, b) => (a.perSecond < b.perSecond ? a : b));
    const ratio = slowest.perSecond / baseline.perSecond;
    const costliest = pages.reduce((a, b) => (a.cpuPerRequest > b.cpuPerRequest ? a : b));
    const byCpu = baseline.cpuPerRequest / costliest.cpuPerRequest;
    console.log(`\nSigned-out pages at least 0.5x /healthz (issue 19): ${ratio >= 0.5 ? 'yes' : 'NO'}, slowest ${slowest.name} at ${ratio.toFixed(2)}x`);
    console.log(
      `  by server CPU per request (the client elsewhere, as browsers are): ${byCpu >= 0.5 ? 'yes' : 'NO'}, costliest ${costliest.name} at ${byCpu.toFixed(2)}x`,
    );
  }
  console.log(`Load average: ${loadAverage()}`);
}

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** The site's user + system CPU so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function serverCpuMs() {
  const fields = readFileSync(`/proc/${site.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function run(request, total) {
  return closedLoop(request, total, CONCURRENCY);
}
