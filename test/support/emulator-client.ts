import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import type fixtures from '../../backend/src/emulators/stripe/stripe-fixtures.json';
import { template } from '../../backend/src/emulators/stripe/stripe-objects';
import { eventually, freePort } from './site-client';

/** The real Stripe SDK pointed at the Stripe emulator of the api or site at `baseUrl`. */
export function emulatorStripe(baseUrl: string): Stripe {
  const url = new URL(baseUrl);
  return new Stripe('sk_test_emulator', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** Asserts an object has exactly the fields of Stripe's own example object of the resource, brought to the emulator's API version. */
export function expectShapedLike(object: unknown, resource: keyof typeof fixtures.resources): void {
  expect(Object.keys(object as Record<string, unknown>).sort()).toEqual(Object.keys(template(resource)).sort());
}

/** The webhook secret a site signs with unless its env names another (the emulator signs with it too). */
export const EMULATOR_WEBHOOK_SECRET = 'whsec_sculpt_local_emulator';
const signer = new Stripe('sk_test_signing_only');

export interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> & { id: string; metadata?: Record<string, string> } };
}

/** An event in the envelope Stripe sends it in (API version, creation time, pending webhooks...). */
export function asSentByStripe<E extends { id: string; type: string; data: unknown }>(event: E) {
  return {
    object: 'event',
    api_version: '2025-10-29',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...event,
  };
}

/** Posts a body to the site's Stripe webhook endpoint, freshly signed with `secret` as Stripe signs each delivery. */
export function postSignedWebhook(baseUrl: string, body: string, secret = EMULATOR_WEBHOOK_SECRET): Promise<Response> {
  return fetch(`${baseUrl}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret }) },
    body,
  });
}

/** Takes the events the emulator sends (given as its STRIPE_EMULATOR_WEBHOOK_URL), so that only what a test delivers reaches the site. */
export class WebhookRecorder {
  /** Every body received, in order; a test may empty it to wait for new ones. */
  readonly bodies: string[] = [];
  private server?: Server;

  async start(): Promise<string> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        this.bodies.push(body);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${port}/`;
  }

  /** The first event of this type received (about this object, if given), once the emulator has sent it. */
  sent(type: string, objectId?: string): Promise<StripeEvent> {
    return eventually(
      async () =>
        this.bodies
          .map((body) => JSON.parse(body) as StripeEvent)
          .find((event) => event.type === type && (objectId === undefined || event.data.object.id === objectId)),
      (found) => found !== undefined,
    ) as Promise<StripeEvent>;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
