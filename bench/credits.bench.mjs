// The credit ledger under load: POST /api/internal/credits/debit beside /healthz in the same run.
// Debits spread over many accounts (each its own stream), all on one account (taken one at a time
// per process), and one account whose stream already holds thousands of debits (each debit folds
// the account's whole stream: this shows what that costs as the stream grows).
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { closedLoop } from './support/closed-loop.mjs';
import { grantLicenses } from './support/grant-licenses.mjs';
import { startBenchSite } from './support/site.mjs';

const TOKEN = 'bench-credits-token-0123456789abcdefghij';
const ACCOUNTS = 200;
const DEBITS = Number(process.env.BENCH_DEBITS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LONG_STREAM = Number(process.env.BENCH_LONG_STREAM ?? 5_000);

const site = await startBenchSite({ ROLE: 'api', CREDITS_API_TOKEN: TOKEN });
let failed = false;
try {
  const keys = await grantLicenses(site.databaseUrl, ACCOUNTS + 2, { includedCreditsPerMonth: 1_000_000_000 });
  const statuses = new Map();
  const debit =
    (key, credits = 1) =>
    async () => {
      const response = await fetch(`${site.url}/api/internal/credits/debit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ request_id: randomUUID(), license_key: key, endpoint: '/api/v1/chat', usage_kind: 'agent_turn', credits }),
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      return response;
    };
  let n = 0;
  const spread = () => debit(keys[n++ % ACCOUNTS])();
  const healthz = () => fetch(`${site.url}/healthz`);

  await closedLoop(healthz, 500, CONCURRENCY);
  await closedLoop(spread, 400, CONCURRENCY);
  const baseline = await closedLoop(healthz, DEBITS, CONCURRENCY);
  const many = await closedLoop(spread, DEBITS, CONCURRENCY);
  const one = await closedLoop(debit(keys[ACCOUNTS]), DEBITS, CONCURRENCY);

  // A long stream: fill one account with LONG_STREAM debits, then time single debits on it
  // against single debits on an account with a short stream.
  const long = keys[ACCOUNTS + 1];
  await closedLoop(debit(long), LONG_STREAM, CONCURRENCY);
  const shortSingles = await closedLoop(debit(keys[0]), 200, 1);
  const longSingles = await closedLoop(debit(long), 200, 1);

  console.log(`\nCredit debits: ${DEBITS} per case at concurrency ${CONCURRENCY}; ${cpus().length} cores shared by client, api and Postgres\n`);
  console.log(['case'.padEnd(52), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs baseline'.padStart(12)].join(''));
  const rows = [
    ['GET /healthz (baseline)', baseline],
    [`debits spread over ${ACCOUNTS} accounts`, many],
    ['debits on one account', one],
    [`single debits, account with ~${Math.round((DEBITS + 400) / ACCOUNTS)} events`, shortSingles],
    [`single debits, account with ${LONG_STREAM}+ events`, longSingles],
  ];
  for (const [name, r] of rows) {
    console.log(
      [
        name.padEnd(52),
        r.perSecond.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        `${(r.perSecond / baseline.perSecond).toFixed(2)}x`.padStart(12),
      ].join(''),
    );
  }
  console.log(`\nlong stream vs short: p50 ${(longSingles.p50 / shortSingles.p50).toFixed(1)}x slower`);
  console.log(`answers: ${[...statuses].map(([s, count]) => `${count} × ${s}`).join(', ')}`);
  if (statuses.size !== 1 || !statuses.has(200)) failed = true;
} finally {
  await site.stop();
}
if (failed) process.exitCode = 1;
