// HTTP throughput of the api, each figure against /healthz (the cheapest route) in the same run.
// Starts the built site on a free port with a fresh database, like `npm start`; loopback only.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Agent, request as httpRequest } from 'node:http';
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
    ['GET /_serverFn/listResources (kept in memory)', () => fetch(`${base}/_serverFn/listResources?payload=${encodeURIComponent('{"category":"template"}')}`)],
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

  await sharedPagesAsBrowsersAsk(base);
} finally {
  await site.stop();
}

/**
 * Signed-out pages as a browser asks for them (gzip accepted), through node:http on kept-alive
 * connections, which reads bodies as bytes without decoding them: the fetch client above inflates
 * every ~90 kB page it reads, and autocannon turns each body into a string (~12 µs per kB of
 * gzip), so either spends more of the 2 cores than the server does. "by CPU" compares the
 * server's own CPU per request: the ratio when the clients are elsewhere, as browsers are.
 */
async function sharedPagesAsBrowsersAsk(base) {
  const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const get = (path) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { agent, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        res.on('error', reject);
        res.on('end', () => resolve({ arrayBuffer: async () => undefined }));
        res.resume();
      });
      req.on('error', reject);
      req.end();
    });
  const cases = [
    ['GET /healthz (baseline)', '/healthz'],
    ['GET / signed out', '/'],
    ['GET /resources signed out', '/resources'],
    ['GET /resources?category=course signed out', '/resources?category=course'],
    ['GET /resources/starter-monthly signed out', '/resources/starter-monthly'],
    ['GET /obsidian-ai-plugin-docs/getting-started signed out', '/obsidian-ai-plugin-docs/getting-started'],
    ['GET /?utm_source=x signed out', '/?utm_source=x'],
  ].filter(([name], index) => index === 0 || !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY));
  for (const [, path] of cases) await run(() => get(path), 500);
  const rows = [];
  for (const [name, path] of cases) {
    const before = serverCpuMs();
    const result = await run(() => get(path), REQUESTS * 2);
    rows.push({ name, ...result, cpuPerRequest: ((serverCpuMs() - before) * 1000) / (REQUESTS * 2) });
  }
  agent.destroy();
  const baseline = rows[0];
  console.log(`\nSigned-out pages as a browser asks (gzip accepted), node:http keep-alive, ${REQUESTS * 2} requests per case at concurrency ${CONCURRENCY}\n`);
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
