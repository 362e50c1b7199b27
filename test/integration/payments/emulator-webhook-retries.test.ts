import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { emulatorStripe } from '../../support/emulator-client';
import { within } from '../../support/waits';

const SECRET = 'whsec_emulator_retry_test';
const verifier = new Stripe('sk_test_verify_only');

/** A webhook endpoint that fails its first two deliveries (500, then 503) and keeps what it accepts; `firstAccepted` settles with the first it accepts. */
function flakyEndpoint(): Promise<{ server: Server; url: string; answers: number[]; accepted: Stripe.Event[]; firstAccepted: Promise<void> }> {
  const answers: number[] = [];
  const accepted: Stripe.Event[] = [];
  let acceptedOne!: () => void;
  const firstAccepted = new Promise<void>((resolve) => (acceptedOne = resolve));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = [500, 503][answers.length] ?? 200;
      answers.push(status);
      if (status === 200) {
        accepted.push(verifier.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), SECRET));
        acceptedOne();
      }
      res.writeHead(status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, answers, accepted, firstAccepted }),
    ),
  );
}

let api: TestApi;
let endpoint: Awaited<ReturnType<typeof flakyEndpoint>>;
beforeAll(async () => {
  endpoint = await flakyEndpoint();
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emuretry'), STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_EMULATOR_WEBHOOK_URL: endpoint.url } });
});
afterAll(async () => {
  await api.close();
  await new Promise((resolve) => endpoint.server.close(resolve));
});

it('retries a webhook the endpoint did not accept, with growing delays, until it gets a 2xx, signed each time', async () => {
  const stripe = emulatorStripe(api.url);
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 4900, product: 'prod_bundle' });
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/s',
  });
  const started = Date.now();
  await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  await within(endpoint.firstAccepted, 15_000, 'no delivery was accepted within 15 s');
  expect(endpoint.answers).toEqual([500, 503, 200]);
  expect(endpoint.accepted.map((e) => [e.type, (e.data.object as { id: string }).id])).toEqual([['checkout.session.completed', session.id]]);
  // Backoff of 1 s, then 2 s: the third delivery comes at least 3 s after the first.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
}, 30_000);
