import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { checkoutSessionParams, customerParams, priceParams, stripeParamName } from './emulator-params';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { checkoutSessionObject, customerObject, nowSeconds, priceObject, stripeError } from './stripe-objects';

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 3600;

const ok = (body: unknown): EmulatorAnswer => ({ status: 200, body });
const invalid = (message: string, param?: string): EmulatorAnswer => ({ status: 400, body: stripeError(message, { param }) });
const missing = (kind: string, id: string, param = 'id'): EmulatorAnswer => ({ status: 404, body: stripeError(`No such ${kind}: '${id}'`, { param, code: 'resource_missing' }) });

function parse<S extends z.ZodType>(schema: S, params: unknown): { data: z.output<S> } | { answer: EmulatorAnswer } {
  const result = schema.safeParse(params);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0]!;
  const param = stripeParamName(issue.path);
  return { answer: invalid(issue.code === 'unrecognized_keys' ? `Received unknown parameter: ${stripeParamName([...issue.path, ...issue.keys.slice(0, 1)])}` : `Invalid ${param}: ${issue.message}`, param || undefined) };
}

/** The subset of Stripe's REST API the site calls, with Stripe's rules and object shapes. */
export class EmulatorApi {
  constructor(
    private readonly store: EmulatorStore,
    private readonly hostedCheckoutUrl: (sessionId: string) => string,
  ) {}

  async createCustomer(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(customerParams, params);
    if ('answer' in parsed) return parsed.answer;
    return ok(await this.store.put(customerObject(parsed.data) as StripeObject, em));
  }

  async retrieve(object: 'customer' | 'price' | 'checkout.session', id: string): Promise<EmulatorAnswer> {
    const found = await this.store.get(id, object);
    return found ? ok(publicView(found)) : missing(object, id);
  }

  async createPrice(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(priceParams, params);
    if ('answer' in parsed) return parsed.answer;
    return ok(await this.store.put(priceObject(parsed.data) as StripeObject, em));
  }

  async createCheckoutSession(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(checkoutSessionParams, params);
    if ('answer' in parsed) return parsed.answer;
    const input = parsed.data;
    const now = nowSeconds();
    const expiresAt = input.expires_at ?? now + MAX_EXPIRY_S;
    if (expiresAt < now + MIN_EXPIRY_S || expiresAt > now + MAX_EXPIRY_S) {
      return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    if (input.customer && !(await this.store.get(input.customer, 'customer', em))) return missing('customer', input.customer, 'customer');
    const lines = [];
    for (const [index, item] of input.line_items.entries()) {
      const price = await this.store.get(item.price, 'price', em);
      if (!price) return missing('price', item.price, `line_items[${index}][price]`);
      const recurring = price.type === 'recurring';
      if (input.mode === 'payment' && recurring) {
        return invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `line_items[${index}][price]`);
      }
      if (input.mode === 'subscription' && !recurring) {
        return invalid('You must provide at least one recurring price in `subscription` mode when using prices.', `line_items[${index}][price]`);
      }
      lines.push({ price, quantity: item.quantity });
    }
    const session = checkoutSessionObject({ ...input, expires_at: expiresAt }, lines, this.hostedCheckoutUrl);
    // Kept beside the session (as Stripe keeps line items), for the hosted page and webhooks.
    await this.store.put({ ...session, line_items_emulator: lines.map((l) => ({ price: l.price.id, quantity: l.quantity })) } as unknown as StripeObject, em);
    return ok(session);
  }

  async expireCheckoutSession(id: string, em: EntityManager): Promise<EmulatorAnswer> {
    const session = await this.store.get(id, 'checkout.session', em);
    if (!session) return missing('checkout.session', id, 'session');
    if (session.status !== 'open') return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
    const expired = { ...session, status: 'expired', url: null };
    await this.store.put(expired, em);
    return ok(publicView(expired));
  }
}

/** What Stripe would show of a stored session (without the emulator's own bookkeeping). */
export function publicView(value: StripeObject): StripeObject {
  const { line_items_emulator: _lines, ...rest } = value;
  return rest as StripeObject;
}
