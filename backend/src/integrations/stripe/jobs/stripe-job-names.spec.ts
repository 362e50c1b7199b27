import type { CommandBus } from '@nestjs/cqrs';
// Loaded through the module's surface first, as the app loads it: its files import one another in a cycle.
import '../../../modules/checkout';
import { registerFulfilmentHandlers } from '../../../modules/checkout/fulfilment/fulfilment-handlers';
import { registerSubscriptionHandlers } from '../../../modules/subscriptions/subscription-stripe-handlers';
import { StripeEventHandlers } from '../webhooks/stripe-event-handlers';
import { IGNORED_STRIPE_EVENT_JOB, STRIPE_JOB_NAMES, stripeJobName } from './stripe-job-names';

const JOB_NAME = /^[a-z]+\.[a-z-]+$/;

/** The Stripe event types the modules register handlers for, as the app's modules do at start. */
function typesTheModulesHandle(): string[] {
  const handlers = new StripeEventHandlers();
  const on = jest.spyOn(handlers, 'on');
  const commands = { execute: jest.fn() } as unknown as CommandBus;
  registerFulfilmentHandlers(handlers, commands);
  registerSubscriptionHandlers(handlers, commands);
  return on.mock.calls.map(([type]) => type);
}

describe('the Stripe job names', () => {
  it("are '<module>.<verb>' names without ':', one per event type", () => {
    const names = [...Object.values(STRIPE_JOB_NAMES), IGNORED_STRIPE_EVENT_JOB];
    for (const name of names) {
      expect(name).toMatch(JOB_NAME);
      expect(name).not.toContain(':');
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it("are each event type's own name", () => {
    for (const [type, name] of Object.entries(STRIPE_JOB_NAMES)) expect(name).toBe(`stripe.${type.replace(/[._]/g, '-')}`);
  });

  it('name a job for every event type the modules handle, and only those', () => {
    const handled = typesTheModulesHandle();
    expect(handled.length).toBeGreaterThan(0);
    for (const type of handled) expect(stripeJobName(type)).toBe(STRIPE_JOB_NAMES[type as keyof typeof STRIPE_JOB_NAMES]);
    expect(new Set(handled)).toEqual(new Set(Object.keys(STRIPE_JOB_NAMES)));
  });

  it('queue every other type, whatever it is called, as the job that records it ignored', () => {
    for (const type of ['customer.created', 'invoice.upcoming', 'toString', '__proto__', 'a:b', '']) {
      expect(stripeJobName(type)).toBe(IGNORED_STRIPE_EVENT_JOB);
    }
  });
});
