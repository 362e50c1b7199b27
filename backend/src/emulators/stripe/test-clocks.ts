import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { rootLogger } from '../../platform/common/logger';
import { invalid, missing, ok, parse } from './emulator-answers';
import type { EmulatorBilling } from './emulator-billing';
import { atTime } from './emulator-time';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorEvents } from './emulator-webhooks';
import { listObject, nowSeconds, periodEnd, stripeId } from './stripe-objects';
import { attachTestCard, isTestCardToken } from './test-cards';
import { clockedCustomerParams, testClockAdvanceParams, testClockCreateParams, testClockListParams } from './test-clock-params';
import { clockDue } from './test-clock-schedule';

export const CLOCK = 'test_helpers.test_clock';
const DAY_S = 86_400;
/** A clock is deleted this long after it was made, as Stripe's are. */
const KEEP_S = 30 * DAY_S;
/** Advancing with no subscription on the clock: at most two years at once, as on Stripe. */
const NO_SUBSCRIPTION_LIMIT_S = 2 * 365 * DAY_S;
/** A bound on the work of one advance (renewals, retries); beyond it the clock is internal_failure. */
const MAX_STEPS = 500;

/** A customer's test clock and its time now (the time reached so far while it advances). */
export async function clockOf(store: EmulatorStore, customerId: string, em?: EntityManager): Promise<{ id: string; time: number } | undefined> {
  const customer = await store.get(customerId, 'customer', em);
  if (typeof customer?.test_clock !== 'string') return undefined;
  const clock = await store.get(customer.test_clock, CLOCK, em);
  if (!clock) return undefined;
  return { id: clock.id, time: (clock.reached_emulator as number | undefined) ?? (clock.frozen_time as number) };
}

/**
 * Stripe's test clocks (`test_helpers.test_clock`): a frozen time that customers made with it (and
 * their subscriptions, invoices and events) live at. Advancing it makes every renewal, failed
 * renewal and payment retry whose time falls between the old and the new frozen time happen, in
 * order, each at its own time, between the `test_helpers.test_clock.advancing` and `.ready`
 * events. As on Stripe, the advance answers at once (`advancing`) and the work runs after it.
 */
export class EmulatorTestClocks {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly orm: MikroORM,
    private readonly store: EmulatorStore,
    private readonly billing: EmulatorBilling,
    private readonly events: EmulatorEvents,
  ) {}

  async create(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(testClockCreateParams, params);
    if ('answer' in parsed) return parsed.answer;
    const { frozen_time: frozen, name, customer } = parsed.data;
    const now = nowSeconds();
    const clock: StripeObject = {
      id: stripeId('clock'),
      object: CLOCK,
      created: now,
      deletes_after: now + KEEP_S,
      frozen_time: frozen,
      livemode: false,
      name: name ?? null,
      status: 'ready',
      status_details: {},
    };
    if (customer) {
      const refused = await this.attach(customer, clock.id, em);
      if (refused) return refused;
    }
    return ok(await this.store.put(clock, em));
  }

  async retrieve(id: string): Promise<EmulatorAnswer> {
    const clock = await this.store.get(id, CLOCK);
    if (!clock) return missing(CLOCK, id);
    // An advance this process did not start (another api, or one before a restart) is taken up here.
    if (clock.status === 'advancing') void this.resume(id);
    return ok(view(clock));
  }

  async list(query: unknown): Promise<EmulatorAnswer> {
    const parsed = parse(testClockListParams, query);
    if ('answer' in parsed) return parsed.answer;
    const { limit = 10, starting_after: after, ending_before: before } = parsed.data;
    const all = await this.store.find(CLOCK);
    const cursor = after ?? before;
    const at = cursor ? all.findIndex((clock) => clock.id === cursor) : -1;
    if (cursor && at < 0) return missing(CLOCK, cursor, after ? 'starting_after' : 'ending_before');
    const page = before ? all.slice(Math.max(0, at - limit), at) : all.slice(at + 1, at + 1 + limit);
    const hasMore = before ? at - limit > 0 : at + 1 + limit < all.length;
    return ok(listObject(page.map(view), '/v1/test_helpers/test_clocks', hasMore));
  }

  /** Deletes the clock and, as Stripe does, the customers on it with their subscriptions. */
  async remove(id: string, em: EntityManager): Promise<EmulatorAnswer> {
    await this.store.lock(id, em);
    const clock = await this.store.get(id, CLOCK, em);
    if (!clock) return missing(CLOCK, id);
    const customers = await this.store.find('customer', { test_clock: id }, em);
    const subscriptions = (await Promise.all(customers.map((c) => this.store.find('subscription', { customer: c.id }, em)))).flat();
    const ids = [id, ...customers.map((c) => c.id), ...subscriptions.map((s) => s.id)];
    await em.execute(`delete from stripe_emulator_objects where id in (${ids.map(() => '?').join(', ')})`, ids);
    return ok({ id, object: CLOCK, deleted: true });
  }

  /** Starts an advance; call `resume` once its transaction has committed to do the work. */
  async advance(id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(testClockAdvanceParams, params);
    if ('answer' in parsed) return parsed.answer;
    const target = parsed.data.frozen_time;
    await this.store.lock(id, em);
    const clock = await this.store.get(id, CLOCK, em);
    if (!clock) return missing(CLOCK, id);
    if (clock.status === 'advancing')
      return invalid('This test clock is already advancing; wait until its status is ready.', undefined, 'test_clock_advancing');
    const frozen = clock.frozen_time as number;
    if (target <= frozen) return invalid(`The frozen_time (${target}) must be after the test clock's current frozen_time (${frozen}).`, 'frozen_time');
    const limit = await this.advanceLimit(id, em);
    if (target > frozen + limit)
      return invalid(
        'Cannot advance a test clock more than two intervals of its shortest subscription (two years without subscriptions) at once.',
        'frozen_time',
      );
    const advancing = await this.store.put({ ...clock, status: 'advancing', status_details: { advancing: { target_frozen_time: target } } }, em);
    const event = await atTime(frozen, () => this.events.emit('test_helpers.test_clock.advancing', advancing, em));
    return ok(view(advancing), [event]);
  }

  /** Runs the clock's advance to its target (once per process at a time); settles when it is ready. */
  resume(id: string): Promise<void> {
    const current = this.running.get(id);
    if (current) return current;
    const run = this.runToTarget(id)
      .catch((error: unknown) => rootLogger().error({ err: error, clockId: id }, 'a Stripe emulator test clock failed to advance'))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  /**
   * Stripe's customer create with what the emulator's customer parameters leave to this file:
   * `test_clock` (the customer is made at the clock's time and lives on it) and a test card
   * (`payment_method`, and `invoice_settings[default_payment_method]` naming it). `create` makes the customer itself.
   */
  async createCustomer(params: unknown, em: EntityManager, create: (params: unknown, em: EntityManager) => Promise<EmulatorAnswer>): Promise<EmulatorAnswer> {
    const parsed = parse(clockedCustomerParams, params);
    if ('answer' in parsed) return parsed.answer;
    const { test_clock: clockId, payment_method: card, invoice_settings: settings, ...rest } = parsed.data;
    const clock = clockId ? await this.store.get(clockId, CLOCK, em) : undefined;
    if (clockId && !clock) return missing(CLOCK, clockId, 'test_clock');
    const token = card && isTestCardToken(card) ? card : undefined;
    if (card && !token) return missing('payment_method', card, 'payment_method');
    const defaultCard = settings?.default_payment_method;
    if (defaultCard && defaultCard !== card) return missing('payment_method', defaultCard, 'invoice_settings[default_payment_method]');
    const made = await atTime(clock?.frozen_time as number | undefined, () => create(rest, em));
    if (made.status !== 200 || (!clock && !token)) return made;
    let customer = made.body as StripeObject;
    if (clock) customer = { ...customer, test_clock: clock.id };
    if (token) {
      const method = await atTime(clock?.frozen_time as number | undefined, () => attachTestCard(this.store, token, customer.id, em));
      if (defaultCard) customer = { ...customer, invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: method.id } };
    }
    return ok(await this.store.put(customer, em), made.events);
  }

  /** Runs `run` at the time of the customer's clock, if it has one. */
  async atCustomerTime<T>(customerId: string, em: EntityManager, run: () => Promise<T>): Promise<T> {
    return atTime((await clockOf(this.store, customerId, em))?.time, run);
  }

  /** Runs `run` at the time of the clock of the subscription's customer, if it has one. */
  async atSubscriptionTime<T>(subscriptionId: string, em: EntityManager, run: () => Promise<T>): Promise<T> {
    const subscription = await this.store.get(subscriptionId, 'subscription', em);
    if (!subscription) return run();
    return this.atCustomerTime(String(subscription.customer), em, run);
  }

  /**
   * The dev page's "let time pass": advances the customer's clock (a new one at the current time,
   * attached to the customer, when it has none) to `to`, and waits until it is ready.
   */
  async advanceCustomer(customerId: string, to: number): Promise<EmulatorAnswer> {
    const started = await this.orm.em.fork().transactional(async (em) => {
      let clock = await clockOf(this.store, customerId, em);
      if (!clock) {
        const made = await this.create({ frozen_time: String(nowSeconds()), customer: customerId, name: 'Stripe dev page' }, em);
        if (made.status !== 200) return made;
        clock = { id: (made.body as StripeObject).id, time: nowSeconds() };
      }
      if (to <= clock.time) return ok((await this.store.get(clock.id, CLOCK, em))!);
      return this.advance(clock.id, { frozen_time: String(to) }, em);
    });
    if (started.status !== 200) return started;
    await this.events.deliver(started.events ?? []);
    const id = (started.body as StripeObject).id;
    await this.resume(id);
    return ok(view((await this.store.get(id, CLOCK))!));
  }

  private async attach(customerId: string, clockId: string, em: EntityManager): Promise<EmulatorAnswer | undefined> {
    await this.store.lock(customerId, em);
    const customer = await this.store.get(customerId, 'customer', em);
    if (!customer) return missing('customer', customerId, 'customer');
    if (customer.test_clock) return invalid(`The customer ${customerId} is already attached to the test clock ${String(customer.test_clock)}.`, 'customer');
    await this.store.put({ ...customer, test_clock: clockId }, em);
    for (const subscription of await this.store.find('subscription', { customer: customerId }, em))
      await this.store.put({ ...subscription, test_clock: clockId }, em);
    return undefined;
  }

  private async advanceLimit(clockId: string, em: EntityManager): Promise<number> {
    const intervals = (await this.subscriptionsOn(clockId, em))
      .filter((s) => s.status !== 'canceled')
      .map((s) => {
        const price = (s.items as { data: Array<{ price: StripeObject }> }).data[0]!.price;
        return periodEnd(0, price);
      });
    return intervals.length > 0 ? 2 * Math.min(...intervals) : NO_SUBSCRIPTION_LIMIT_S;
  }

  private async subscriptionsOn(clockId: string, em: EntityManager): Promise<StripeObject[]> {
    const customers = await this.store.find('customer', { test_clock: clockId }, em);
    return (await Promise.all(customers.map((c) => this.store.find('subscription', { customer: c.id }, em)))).flat();
  }

  private async runToTarget(id: string): Promise<void> {
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const { events, done } = await this.step(id);
      await this.events.deliver(events);
      if (done) return;
    }
    await this.orm.em.fork().transactional(async (em) => {
      const clock = await this.store.get(id, CLOCK, em);
      if (clock) await this.store.put({ ...clock, status: 'internal_failure' }, em);
    });
  }

  /** One thing that falls due before the target (in time order), or, with none left, the clock at its target and ready. */
  private async step(id: string): Promise<{ events: StripeObject[]; done: boolean }> {
    return this.orm.em.fork().transactional(async (em) => {
      await this.store.lock(id, em);
      const clock = await this.store.get(id, CLOCK, em);
      if (!clock || clock.status !== 'advancing') return { events: [], done: true };
      const target = (clock.status_details as { advancing: { target_frozen_time: number } }).advancing.target_frozen_time;
      const due = await clockDue(this.store, this.billing, this.events, await this.subscriptionsOn(id, em), target, em);
      if (!due) {
        const { reached_emulator: _reached, ...rest } = clock;
        const ready = await this.store.put({ ...rest, frozen_time: target, status: 'ready', status_details: {} } as StripeObject, em);
        return { events: [await atTime(target, () => this.events.emit('test_helpers.test_clock.ready', ready, em))], done: true };
      }
      await this.store.put({ ...clock, reached_emulator: due.at }, em);
      const answer = await atTime(due.at, () => due.run(em));
      return { events: answer.events ?? [], done: false };
    });
  }
}

/** A clock as Stripe shows it (without the emulator's bookkeeping). */
function view(clock: StripeObject): StripeObject {
  const { reached_emulator: _reached, ...shown } = clock;
  return shown as StripeObject;
}
