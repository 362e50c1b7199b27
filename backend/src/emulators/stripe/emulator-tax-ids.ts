import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { invalid, missing, ok, parse } from './emulator-answers';
import { page } from './emulator-lists';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { listObject, nowSeconds, stripeId, template } from './stripe-objects';
import { checkTaxId, normalTaxIdValue, TAX_ID_TYPES, verificationOf } from './tax-id-formats';

const taxIdData = z.object({ type: z.string().min(1).max(40), value: z.string().min(1).max(100) }).strict();
export const taxIdParams = taxIdData;
const topLevelParams = taxIdData
  .extend({
    owner: z
      .object({ type: z.enum(['customer', 'self', 'account', 'application']), customer: z.string().min(1).max(255).optional() })
      .strict()
      .optional(),
  })
  .strict();
const customerListParams = z.object(page).strict();
const topLevelListParams = z
  .object({
    ...page,
    owner: z
      .object({ type: z.enum(['customer', 'self', 'account', 'application']), customer: z.string().min(1).max(255).optional() })
      .strict()
      .optional(),
  })
  .strict();

/** The most tax ids Stripe keeps on one customer. */
const MAX_PER_CUSTOMER = 25;

/** A tax id's value in the shape Stripe refuses with `tax_id_invalid`. */
export function taxIdInvalid(type: string, param = 'value'): EmulatorAnswer {
  return invalid(`Invalid value for ${type}.`, param, 'tax_id_invalid');
}

/**
 * Stripe's tax ids of customers: POST/GET/DELETE /v1/customers/:id/tax_ids and the top-level
 * /v1/tax_ids with an owner. A value is checked against its type's format; its verification
 * follows Stripe's test-mode rules (tax-id-formats.ts).
 */
export class EmulatorTaxIds {
  constructor(private readonly store: EmulatorStore) {}

  async createForCustomer(customerId: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(taxIdParams, params);
    if ('answer' in parsed) return parsed.answer;
    return this.add(customerId, parsed.data, em);
  }

  async createTopLevel(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(topLevelParams, params);
    if ('answer' in parsed) return parsed.answer;
    const { owner, ...data } = parsed.data;
    if (owner?.type !== 'customer') return invalid('The Stripe emulator keeps tax ids of customers only: pass owner[type]=customer.', 'owner[type]');
    if (!owner.customer) return invalid('Missing required param: owner[customer].', 'owner[customer]', 'parameter_missing');
    return this.add(owner.customer, data, em, 'owner[customer]');
  }

  /** Adds a tax id to a customer, checked; the answer is the new tax_id or Stripe's 400/404. */
  async add(customerId: string, data: { type: string; value: string }, em: EntityManager, customerParam = 'customer'): Promise<EmulatorAnswer> {
    const made = await this.make(customerId, data, em, customerParam);
    return 'answer' in made ? made.answer : ok(made.taxId);
  }

  async make(
    customerId: string,
    data: { type: string; value: string },
    em: EntityManager,
    customerParam = 'customer',
  ): Promise<{ taxId: StripeObject } | { answer: EmulatorAnswer }> {
    const bad = this.check(data);
    if (bad) return { answer: bad };
    await this.store.lock(customerId, em);
    const customer = await this.store.get(customerId, 'customer', em);
    if (!customer) return { answer: missing('customer', customerId, customerParam) };
    if ((await this.ofCustomer(customerId, em)).length >= MAX_PER_CUSTOMER)
      return { answer: invalid(`A customer can have at most ${MAX_PER_CUSTOMER} tax IDs.`, 'value', 'tax_id_invalid') };
    const taxId = taxIdObject(customer, data);
    return { taxId: await this.store.put(taxId, em) };
  }

  /** A type Stripe does not know, or a value of the wrong shape: Stripe's 400. */
  check(data: { type: string; value: string }, param: (field: string) => string = (field) => field): EmulatorAnswer | undefined {
    if (!Object.hasOwn(TAX_ID_TYPES, data.type))
      return invalid(`Invalid ${param('type')}: must be one of ${Object.keys(TAX_ID_TYPES).join(', ')}`, param('type'));
    return checkTaxId(data.type, data.value) ? undefined : taxIdInvalid(data.type, param('value'));
  }

  async listForCustomer(customerId: string, params: unknown): Promise<EmulatorAnswer> {
    const parsed = parse(customerListParams, params);
    if ('answer' in parsed) return parsed.answer;
    if (!(await this.store.get(customerId, 'customer'))) return missing('customer', customerId);
    return this.page({ customer: customerId }, parsed.data, `/v1/customers/${customerId}/tax_ids`);
  }

  async listTopLevel(params: unknown): Promise<EmulatorAnswer> {
    const parsed = parse(topLevelListParams, params);
    if ('answer' in parsed) return parsed.answer;
    const { owner, ...rest } = parsed.data;
    const match = owner?.type === 'customer' ? { customer: owner.customer ?? '' } : { owner: { type: owner?.type ?? 'self' } };
    return this.page(match, rest, '/v1/tax_ids');
  }

  async retrieve(id: string, customerId?: string): Promise<EmulatorAnswer> {
    const found = await this.store.get(id, 'tax_id');
    if (!found || (customerId !== undefined && found.customer !== customerId)) return missing('tax_id', id);
    return ok(found);
  }

  async remove(id: string, em: EntityManager, customerId?: string): Promise<EmulatorAnswer> {
    const found = await this.store.get(id, 'tax_id', em);
    if (!found || (customerId !== undefined && found.customer !== customerId)) return missing('tax_id', id);
    await this.store.remove(id, 'tax_id', em);
    return ok({ id, object: 'tax_id', deleted: true });
  }

  /** A customer's tax ids, oldest first (the order Stripe shows them on invoices). */
  async ofCustomer(customerId: string, em?: EntityManager): Promise<StripeObject[]> {
    return (await this.store.find('tax_id', { customer: customerId }, em)).reverse();
  }

  private async page(
    match: Record<string, unknown>,
    query: { limit?: number; starting_after?: string; ending_before?: string },
    url: string,
  ): Promise<EmulatorAnswer> {
    if (query.starting_after && query.ending_before) return invalid('You may only specify one of these parameters: starting_after, ending_before.');
    const found = await this.store.page('tax_id', { match, limit: query.limit ?? 10, startingAfter: query.starting_after, endingBefore: query.ending_before });
    if (!found)
      return { ...missing('tax_id', (query.starting_after ?? query.ending_before)!, query.starting_after ? 'starting_after' : 'ending_before'), status: 400 };
    return ok(listObject(found.data, url, found.hasMore));
  }
}

export function taxIdObject(customer: StripeObject, data: { type: string; value: string }): StripeObject {
  const value = normalTaxIdValue(data.value);
  const name = typeof customer.name === 'string' ? customer.name : null;
  return {
    ...template('tax_id'),
    id: stripeId('txi'),
    object: 'tax_id',
    country: checkTaxId(data.type, value)?.country ?? null,
    created: nowSeconds(),
    customer: customer.id,
    customer_account: null,
    livemode: false,
    owner: { customer: customer.id, customer_account: null, type: 'customer' },
    type: data.type,
    value,
    verification: verificationOf(data.type, value, name),
  };
}
