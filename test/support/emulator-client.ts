import Stripe from 'stripe';
import fixtures from '../../backend/src/emulators/stripe/stripe-fixtures.json';

/** The real Stripe SDK pointed at the Stripe emulator of the api or site at `baseUrl`. */
export function emulatorStripe(baseUrl: string): Stripe {
  const url = new URL(baseUrl);
  return new Stripe('sk_test_emulator', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** Asserts an object has exactly the fields of Stripe's own example object of the resource. */
export function expectShapedLike(object: unknown, resource: keyof typeof fixtures.resources): void {
  expect(Object.keys(object as Record<string, unknown>).sort()).toEqual(Object.keys(fixtures.resources[resource]).sort());
}
