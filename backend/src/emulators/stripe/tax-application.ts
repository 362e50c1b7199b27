import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorTax, TaxBuyer, TaxResult } from './emulator-tax';
import { invoiceTax } from './emulator-tax';
import { ITEM_TAXES, sessionItemId } from './emulator-sublists';

/** Stripe's automatic_tax hash on a session or invoice, by what the calculation reached. */
export function automaticTax(enabled: boolean, status: 'complete' | 'requires_location_inputs' | null, invoice = false) {
  const hash = enabled
    ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status }
    : { enabled: false, liability: null, provider: null, status: null };
  return invoice ? { ...hash, disabled_reason: null } : hash;
}

/** A subscription's automatic_tax hash. */
export function subscriptionAutomaticTax(enabled: boolean) {
  return enabled ? { enabled: true, liability: { type: 'self' }, disabled_reason: null } : { enabled: false, liability: null, disabled_reason: null };
}

/** What Stripe Tax reads of a stored customer: its address's country, its tax ids, its tax_exempt. */
export async function buyerOf(customer: StripeObject | undefined, store: EmulatorStore, em?: EntityManager): Promise<TaxBuyer> {
  if (!customer) return { country: null, taxIds: [] };
  const address = customer.address as { country?: string | null } | null;
  const taxIds = (await store.find('tax_id', { customer: customer.id }, em)).map((id) => ({
    country: (id.country as string | null) ?? null,
    verification: id.verification as { status: string },
  }));
  return { country: address?.country ?? null, taxIds, exempt: (customer.tax_exempt as TaxBuyer['exempt']) ?? 'none' };
}

/** What Stripe Tax taxes of each of a session's lines: its amount less its share of the session's discount. */
export function taxableAmounts(session: StripeObject, amounts: number[]): number[] {
  const discounts = (session.line_discounts_emulator ?? []) as number[];
  return amounts.map((amount, index) => amount - (discounts[index] ?? 0));
}

/**
 * A Checkout Session taxed for a buyer (or waiting for their address): its automatic_tax status,
 * amounts and total_details, with the per-line taxes and the breakdown kept beside it for
 * `expand[]=line_items.data.taxes` and `expand[]=total_details.breakdown`.
 */
export function taxedSession(session: StripeObject, result: TaxResult): StripeObject {
  const subtotal = session.amount_subtotal as number;
  const details = session.total_details as Record<string, unknown>;
  const untaxed = subtotal - Number(details.amount_discount ?? 0);
  if (result.status !== 'complete')
    return {
      ...session,
      automatic_tax: automaticTax(true, 'requires_location_inputs'),
      amount_total: untaxed,
      total_details: { ...details, amount_tax: 0 },
      line_taxes_emulator: null,
      tax_breakdown_emulator: [],
    };
  return {
    ...session,
    automatic_tax: automaticTax(true, 'complete'),
    amount_total: untaxed + result.amountTax,
    total_details: { ...details, amount_tax: result.amountTax },
    line_taxes_emulator: result.lines,
    tax_breakdown_emulator: result.breakdown,
  };
}

/** A taxed session's line taxes, kept by line item id for `expand[]=line_items.data.taxes`. */
export async function keepItemTaxes(store: EmulatorStore, session: StripeObject, em: EntityManager): Promise<void> {
  const lines = (session.line_taxes_emulator ?? []) as unknown[][];
  for (const [index, taxes] of lines.entries()) await store.put({ id: sessionItemId(session.id, index), object: ITEM_TAXES, taxes }, em);
}

interface InvoiceLine {
  amount: number;
  taxes?: unknown[];
  discount_amounts?: Array<{ amount: number }> | null;
}

/**
 * An invoice of a subscription with automatic tax, taxed at its customer's address and tax ids:
 * each line's taxes, total_taxes, and totals and amount due that include the tax. Without
 * automatic tax it only records the customer's billing details, as Stripe copies them.
 */
export async function taxedInvoice(
  invoice: StripeObject,
  subscription: StripeObject,
  customer: StripeObject | undefined,
  deps: { tax: EmulatorTax; store: EmulatorStore },
  em: EntityManager,
): Promise<StripeObject> {
  const buyer = await buyerOf(customer, deps.store, em);
  const taxIds = customer ? await deps.store.find('tax_id', { customer: customer.id }, em) : [];
  const withCustomer: StripeObject = {
    ...invoice,
    customer_address: (customer?.address as object | null | undefined) ?? null,
    customer_tax_exempt: (customer?.tax_exempt as string | undefined) ?? 'none',
    customer_tax_ids: taxIds.reverse().map((id) => ({ type: id.type, value: id.value })),
  };
  const enabled = (subscription.automatic_tax as { enabled?: boolean } | null)?.enabled === true;
  if (!enabled) return withCustomer;
  const lines = (invoice.lines as { data: InvoiceLine[] }).data;
  const result = await deps.tax.calculate(
    // Tax is reckoned on what is charged: each line after its discounts.
    lines.map((line) => line.amount - (line.discount_amounts ?? []).reduce((sum, one) => sum + one.amount, 0)),
    buyer,
    deps.store,
    em,
  );
  if (result.status !== 'complete') return { ...withCustomer, automatic_tax: automaticTax(true, 'requires_location_inputs', true) };
  const subtotal = invoice.subtotal as number;
  const excludingTax = Number(invoice.total_excluding_tax ?? subtotal);
  const total = excludingTax + result.amountTax;
  const balance = Math.min(0, Number(invoice.starting_balance ?? 0));
  const due = Math.max(0, total + balance);
  const list = invoice.lines as { data: InvoiceLine[] };
  return {
    ...withCustomer,
    automatic_tax: automaticTax(true, 'complete', true),
    lines: { ...list, data: list.data.map((line, index) => ({ ...line, taxes: result.lines[index]!.map(invoiceTax) })) },
    total_taxes: result.breakdown.map(invoiceTax),
    subtotal_excluding_tax: subtotal,
    total,
    total_excluding_tax: excludingTax,
    amount_due: due,
    amount_remaining: due,
    ending_balance: Math.min(0, total + balance),
  };
}
