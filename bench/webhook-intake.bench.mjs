// Stripe webhook intake: signed deliveries per second into POST /webhooks/stripe (verify the
// signature, keep the event, queue it), 20% of them redeliveries, beside /healthz in the same run.
// The api runs alone (ROLE=api), so this measures accepting events, not handling them.
import { cpus } from 'node:os';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { closedLoop } from './support/closed-loop.mjs';
import { startBenchSite } from './support/site.mjs';

const UNIQUE = Number(process.env.BENCH_EVENTS ?? 1600);
const DUPLICATES = Math.round(UNIQUE / 4); // 20% of all deliveries
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECRET = 'whsec_sculpt_local_emulator';
const signer = new Stripe('sk_test_bench');

const site = await startBenchSite({ ROLE: 'api' });
try {
  const events = Array.from({ length: UNIQUE }, () => {
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    return JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `cs_test_${id.slice(4)}`, object: 'checkout.session', payment_status: 'paid' } },
    });
  });
  const deliveries = [...events, ...Array.from({ length: DUPLICATES }, (_, i) => events[(i * 7) % UNIQUE])];
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
  }
  const healthz = () => fetch(`${site.url}/healthz`);
  let next = 0;
  const statuses = new Map();
  const deliver = async () => {
    const body = deliveries[next++ % deliveries.length];
    const response = await fetch(`${site.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) },
      body,
    });
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return response;
  };
  await run(healthz, 500);
  const baseline = await run(healthz, deliveries.length);
  const intake = await run(deliver, deliveries.length);

  const client = new pg.Client({ connectionString: site.databaseUrl });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as kept, sum(deliveries)::int as deliveries from stripe_webhook_events');
  await client.end();

  console.log(
    `\nStripe webhook intake: ${deliveries.length} signed deliveries (${UNIQUE} events, ${DUPLICATES} redeliveries, shuffled) at concurrency ${CONCURRENCY}; ${cpus().length} cores shared by client and server\n`,
  );
  console.log(['case'.padEnd(40), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs baseline'.padStart(12)].join(''));
  for (const [name, r] of [
    ['GET /healthz (baseline)', baseline],
    ['POST /webhooks/stripe', intake],
  ]) {
    console.log(
      [
        name.padEnd(40),
        r.perSecond.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        `${(r.perSecond / baseline.perSecond).toFixed(2)}x`.padStart(12),
      ].join(''),
    );
  }
  console.log(
    `\nanswers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}; kept ${rows[0].kept} events (expected ${UNIQUE}) for ${rows[0].deliveries} deliveries`,
  );
  if (rows[0].kept !== UNIQUE || statuses.size !== 1 || !statuses.has(200)) process.exitCode = 1;
} finally {
  await site.stop();
}

function run(request, total) {
  return closedLoop(request, total, CONCURRENCY);
}
