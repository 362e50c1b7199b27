import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { EmulatorBilling } from './emulator-billing';
import type { EmulatorEvents } from './emulator-webhooks';
import type { EmulatorStore, StripeObject } from './emulator-store';
import { atTime } from './emulator-time';
import { startTrial } from './emulator-trials';
import { customerDetails, customerObject, nowSeconds, paymentIntentObject, type Address, type CollectedDetails } from './stripe-objects';
import { collectsAddress, collectsTaxId, hasAddressFields, readAddressForm, type Collected } from './checkout-address';
import type { TaxBuyer } from './emulator-tax';
import { taxIdObject } from './emulator-tax-ids';
import { keepItemTaxes, taxableAmounts, taxedSession } from './tax-application';
import { redeemSessionDiscount, subscriptionDiscount } from './discount-application';
import { attachTestCard, isTestCardToken } from './test-cards';
import { clockOf } from './test-clocks';

export type CheckoutChoice = 'pay' | 'decline' | 'pay-later' | 'settle' | 'fail-payment' | 'address';

export type CheckoutOutcome =
  | { kind: 'missing' }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; session: StripeObject; lines: CheckoutLine[]; email: string; notice?: string; status?: number };

/** A line as the page shows it: the product's name (as Stripe shows it), its price and quantity. */
export interface CheckoutLine {
  price: StripeObject;
  productName: string;
  quantity: number;
}

interface StoredLine {
  price: string;
  quantity: number;
}

/**
 * What the hosted checkout page does to a session, as Stripe's would: pay now (complete, paid),
 * a declined card (stays open), pay later (complete, unpaid, then settled or failed), each with
 * its webhook. Paying makes what Stripe makes: a payment intent with its charge, or a subscription
 * with its paid first invoice. A session is changed by one choice at a time (advisory lock on its id).
 */
export class HostedCheckout {
  constructor(
    private readonly orm: MikroORM,
    private readonly store: EmulatorStore,
    private readonly events: EmulatorEvents,
    private readonly billing: EmulatorBilling,
  ) {}

  async view(id: string, notice?: string): Promise<CheckoutOutcome> {
    const session = await this.store.get(id, 'checkout.session');
    if (!session) return { kind: 'missing' };
    return { kind: 'page', session, lines: await this.lines(session), email: await this.buyerEmail(session), notice };
  }

  async choose(id: string, choice: CheckoutChoice, email: string | undefined, form: Record<string, unknown> = {}): Promise<CheckoutOutcome> {
    const emitted: StripeObject[] = [];
    const outcome = await this.orm.em.fork().transactional(async (em): Promise<CheckoutOutcome> => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [id]);
      let session = await this.store.get(id, 'checkout.session', em);
      if (!session) return { kind: 'missing' };
      const lines = await this.lines(session);
      const knownEmail = await this.buyerEmail(session);
      const page = (notice: string, status = 200): CheckoutOutcome => ({ kind: 'page', session: session!, lines, email: knownEmail, notice, status });
      if (session.status === 'open' && (session.expires_at as number) < nowSeconds()) {
        session = await this.store.put({ ...session, status: 'expired', url: null }, em);
        emitted.push(await this.events.emit('checkout.session.expired', session, em));
        return page('This checkout has expired.', 410);
      }
      if (choice === 'settle' || choice === 'fail-payment') {
        if (session.status !== 'complete' || session.payment_status !== 'unpaid') return page('There is no pending payment to settle.', 409);
        const pi = session.payment_intent ? await this.store.get(String(session.payment_intent), 'payment_intent', em) : undefined;
        if (pi && choice === 'settle') await this.billing.settle(pi, em);
        if (pi && choice === 'fail-payment') await this.store.put({ ...pi, status: 'requires_payment_method', amount_received: 0 }, em);
        if (choice === 'settle') session = await this.store.put({ ...session, payment_status: 'paid' }, em);
        emitted.push(
          await this.events.emit(choice === 'settle' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session, em),
        );
        return page(choice === 'settle' ? 'The pending payment was settled.' : 'The pending payment failed.');
      }
      if (session.status !== 'open') return page(`This checkout is ${String(session.status)}.`, 409);
      if (choice === 'decline') return page('Your card was declined. Try another card.', 402);
      if (choice === 'pay-later' && session.mode !== 'payment') return page('Pay later is only offered for one-time payments.', 400);
      if (collectsAddress(session) || collectsTaxId(session)) {
        const taxed = await this.withAddress(session, lines, form, email ?? knownEmail, em);
        if ('problem' in taxed) return page(taxed.problem, 400);
        session = taxed.session;
        if (choice === 'address') return page('');
      }
      if (choice === 'address') return page('This checkout needs no address.');
      const collected = (session.collected_emulator as Collected | null | undefined) ?? undefined;

      // The discount is redeemed as the session completes: checked again and counted under its locks.
      const redeemed = await redeemSessionDiscount(this.store, session, typeof session.customer === 'string' ? session.customer : null, em);
      if (redeemed && 'problem' in redeemed) return page(redeemed.problem, 409);
      const address = String(email || session.customer_email || '').trim() || null;
      const customerId = await this.buyer(session, address, collected, em);
      const discount = redeemed ? await this.store.put({ ...redeemed.discount, customer: customerId }, em) : undefined;
      const paid = choice === 'pay';
      const metadata = (session.metadata ?? {}) as Record<string, string>;
      // Stripe copies payment_intent_data / subscription_data metadata, not the session's, when given.
      const intentMetadata = (session.payment_intent_data_emulator as { metadata?: Record<string, string> } | null)?.metadata ?? metadata;
      const subscriptionMetadata = (session.subscription_data_emulator as { metadata?: Record<string, string> } | null)?.metadata ?? metadata;
      const next: StripeObject = {
        ...session,
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        customer: customerId,
        customer_details: customerDetails(address, collected && detailsOf(collected)),
        url: null,
      };
      let started: { subscription: StripeObject; invoice: StripeObject } | undefined;
      if (session.mode === 'subscription') {
        const [line] = lines;
        const clock = await clockOf(this.store, customerId, em);
        const automaticTax = (session.automatic_tax as { enabled?: boolean } | null)?.enabled === true;
        const params = {
          customer: customerId,
          price: line!.price,
          quantity: line!.quantity,
          metadata: subscriptionMetadata,
          automaticTax,
          discounts: discount ? [discount.id] : [],
        };
        const trialDays = (session.subscription_data_emulator as { trial_period_days?: number } | null)?.trial_period_days;
        started = await atTime(clock?.time, () =>
          trialDays ? startTrial({ store: this.store, billing: this.billing }, { ...params, trialDays }, em) : this.billing.subscribe(params, em),
        );
        if (discount) await subscriptionDiscount(this.store, discount.id, started.subscription, em);
        // The card collected for a trial is saved as the subscription's default, as Checkout does (charged when the trial ends).
        if (trialDays) started = { ...started, subscription: await this.keepCard(started.subscription, form.card, em) };
        // A customer on a test clock: its subscription and invoices live at the clock's time.
        if (clock)
          started = {
            subscription: await this.store.put({ ...started.subscription, test_clock: clock.id }, em),
            invoice: await this.store.put({ ...started.invoice, test_clock: clock.id }, em),
          };
        next.subscription = started.subscription.id;
        // Nothing is due today on a trial: Stripe's session totals are its first invoice's, $0, and
        // its payment is `no_payment_required` (delayed to the trial's end).
        if (trialDays) Object.assign(next, trialTotals(next), paid ? { payment_status: 'no_payment_required' } : {});
      } else {
        const payment = { amount: session.amount_total as number, currency: String(session.currency), customer: customerId, metadata: intentMetadata };
        next.payment_intent = paid
          ? (await this.billing.collect({ ...payment, description: null }, em)).paymentIntent.id
          : (await this.store.put(paymentIntentObject({ ...payment, status: 'processing' }) as StripeObject, em)).id;
      }
      session = await this.store.put(next, em);
      emitted.push(await this.events.emit('checkout.session.completed', session, em));
      if (started)
        emitted.push(
          await this.events.emit('customer.subscription.created', started.subscription, em),
          await this.events.emit('invoice.paid', started.invoice, em),
        );
      return { kind: 'redirect', to: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) };
    });
    await this.events.deliver(emitted);
    return outcome;
  }

  /**
   * The address step: the billing address (and business tax id) from the form, or what the session
   * already has, taxed when the session has automatic tax. The page shows the new total.
   */
  private async withAddress(
    session: StripeObject,
    lines: CheckoutLine[],
    form: Record<string, unknown>,
    email: string,
    em: EntityManager,
  ): Promise<{ session: StripeObject } | { problem: string }> {
    const customer = typeof session.customer === 'string' ? await this.store.get(session.customer, 'customer', em) : undefined;
    const known = (customer?.address as { country?: string | null } | null)?.country;
    if (!hasAddressFields(form) && (session.collected_emulator || known)) return { session };
    const read = readAddressForm(session, form);
    if ('problem' in read) return read;
    const { collected } = read;
    let next: StripeObject = { ...session, collected_emulator: collected, customer_details: customerDetails(email || null, detailsOf(collected)) };
    if ((session.automatic_tax as { enabled?: boolean }).enabled) {
      const amounts = taxableAmounts(
        session,
        lines.map((line) => (line.price.unit_amount as number) * line.quantity),
      );
      const result = await this.billing.tax.calculate(
        amounts,
        { country: collected.address.country as string, taxIds: collected.taxIds, exempt: (customer?.tax_exempt as TaxBuyer['exempt']) ?? 'none' },
        this.store,
        em,
      );
      next = taxedSession(next, result);
      await keepItemTaxes(this.store, next, em);
    }
    return { session: await this.store.put(next, em) };
  }

  /**
   * The session's customer, as Checkout leaves it: a new one with what was collected, or the given
   * one with its address and name saved where customer_update allows, and the tax ids collected.
   */
  private async buyer(session: StripeObject, email: string | null, collected: Collected | undefined, em: EntityManager): Promise<string> {
    const update = (session.customer_update_emulator ?? {}) as { address?: string; name?: string };
    const existing = typeof session.customer === 'string' ? await this.store.get(session.customer, 'customer', em) : undefined;
    let customer: StripeObject;
    if (!existing) {
      customer = await this.store.put(
        customerObject({
          email: email ?? undefined,
          name: collected?.businessName ?? collected?.name ?? undefined,
          address: (collected?.address as Address | undefined) ?? undefined,
        }) as StripeObject,
        em,
      );
    } else {
      customer = existing;
      if (collected && update.address === 'auto') customer = { ...customer, address: collected.address };
      if (collected && update.name === 'auto' && (collected.businessName ?? collected.name))
        customer = { ...customer, name: collected.businessName ?? collected.name };
      if (customer !== existing) customer = await this.store.put(customer, em);
    }
    if (collected && (!existing || update.name === 'auto')) {
      const held = await this.store.find('tax_id', { customer: customer.id }, em);
      for (const id of collected.taxIds)
        if (!held.some((one) => one.type === id.type && one.value === id.value))
          await this.store.put({ ...taxIdObject(customer, id), verification: id.verification }, em);
    }
    return customer.id;
  }

  /** The test card the buyer chose (a token; Stripe's 4242 Visa when none) attached to the customer and kept on the subscription. */
  private async keepCard(subscription: StripeObject, chosen: unknown, em: EntityManager): Promise<StripeObject> {
    const token = typeof chosen === 'string' && isTestCardToken(chosen) ? chosen : 'pm_card_visa';
    const method = await attachTestCard(this.store, token, String(subscription.customer), em);
    return this.store.put({ ...subscription, default_payment_method: method.id }, em);
  }

  cancelUrl(session: StripeObject): string | null {
    return typeof session.cancel_url === 'string' ? session.cancel_url : null;
  }

  private async lines(session: StripeObject): Promise<CheckoutLine[]> {
    const stored = (session.line_items_emulator ?? []) as StoredLine[];
    const lines: CheckoutLine[] = [];
    for (const line of stored) {
      const price = await this.store.get(line.price, 'price');
      if (!price) continue;
      const product = typeof price.product === 'string' ? await this.store.get(price.product, 'product') : undefined;
      lines.push({ price, productName: String(product?.name ?? price.nickname ?? price.product), quantity: line.quantity });
    }
    return lines;
  }

  /** Stripe fills in the address it knows: the session's customer_email, else its customer's email. */
  private async buyerEmail(session: StripeObject): Promise<string> {
    if (typeof session.customer_email === 'string' && session.customer_email) return session.customer_email;
    const customer = typeof session.customer === 'string' ? await this.store.get(session.customer, 'customer') : undefined;
    return typeof customer?.email === 'string' ? customer.email : '';
  }
}

/** What the session's customer_details show of what was collected. */
function detailsOf(collected: Collected): CollectedDetails {
  return {
    address: collected.address,
    name: collected.name,
    businessName: collected.businessName,
    taxIds: collected.taxIds.map(({ type, value }) => ({ type, value })),
  };
}

/** A trial session's totals: nothing due today (the trial's first invoice), its tax none. */
function trialTotals(session: StripeObject): Partial<StripeObject> {
  const details = (session.total_details ?? {}) as Record<string, unknown>;
  return { amount_subtotal: 0, amount_total: 0, total_details: { ...details, amount_discount: 0, amount_shipping: 0, amount_tax: 0 } };
}
