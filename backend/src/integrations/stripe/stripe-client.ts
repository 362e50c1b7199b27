import type { Server } from 'node:http';
import Stripe from 'stripe';
import type { AppConfig } from '../../platform/config/config.schema';

/**
 * The Stripe SDK, against Stripe itself when a secret key is set, else against the embedded
 * emulator in this same api (reached over HTTP like Stripe: host, port and protocol). The emulator's
 * port is known once the server listens, so the client is made on first use. A refusal of its
 * calls that no caller handles becomes a coded answer in one place: platform/common/stripe-refusal.ts.
 */
export class StripeClient {
  private client?: Stripe;

  constructor(
    private readonly config: AppConfig,
    private readonly server: () => Server | undefined,
  ) {}

  get api(): Stripe {
    this.client ??= this.create();
    return this.client;
  }

  /**
   * Stripe's "now" for a subscription: its test clock's frozen time when it lives on one (test
   * mode), else the wall clock. Times sent about it (a proration date) must fall in its period as
   * Stripe sees it, which a test clock may have moved months from ours.
   */
  async nowFor(subscription: Stripe.Subscription): Promise<number> {
    const clock = subscription.test_clock;
    if (!clock) return Math.floor(Date.now() / 1000);
    return typeof clock === 'string' ? (await this.api.testHelpers.testClocks.retrieve(clock)).frozen_time : clock.frozen_time;
  }

  /** The emulator or a test-mode key: the only places a subscription can live on a test clock. */
  get isTestMode(): boolean {
    return this.isEmulator || (this.config.STRIPE_SECRET_KEY ?? '').startsWith('sk_test_');
  }

  get isEmulator(): boolean {
    return !this.config.STRIPE_SECRET_KEY;
  }

  private create(): Stripe {
    const options = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false } as const;
    if (this.config.STRIPE_SECRET_KEY) return new Stripe(this.config.STRIPE_SECRET_KEY, options);
    const address = this.server()?.address();
    // A worker has no emulator of its own: it reaches an api's, at STRIPE_EMULATOR_URL or the site's public address.
    const target =
      address && typeof address === 'object' ? new URL(`http://127.0.0.1:${address.port}`) : new URL(this.config.STRIPE_EMULATOR_URL ?? this.config.PUBLIC_URL);
    return new Stripe('sk_test_sculpt_local_emulator', {
      ...options,
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    });
  }
}
