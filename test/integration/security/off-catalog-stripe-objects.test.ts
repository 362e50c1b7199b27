import { randomBytes } from 'node:crypto';
import { chooseOnHostedCheckout } from '../../support/site-client';
import { useForgedWebhooksSite } from './support/forged-webhooks-harness';

// Objects made straight through Stripe's API, paid for real, whose own prices or quantities are not the catalog's.
const harness = useForgedWebhooksSite('off-catalog-stripe-objects');
const { recorder, deliver, settled, expectNotRetried, eventsFor, grantsFor, buyerWithOpenSession } = harness;

describe('a session whose own object at Stripe does not match the catalog', () => {
  /** A session made straight through Stripe's API (as someone holding the API key could), paid on the hosted page. */
  async function paidOffCatalog(email: string, price: { currency: string; unit_amount: number } | 'catalog', lineQuantity: number, metadataQuantity: number) {
    const { userId } = await buyerWithOpenSession(email);
    const [catalogPrice] = (await harness.stripe.prices.list({ lookup_keys: ['sculpt_lifetime-license'] })).data;
    const priceId = price === 'catalog' ? catalogPrice!.id : (await harness.stripe.prices.create({ ...price, product: String(catalogPrice!.product) })).id;
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: priceId, quantity: lineQuantity }],
      success_url: `${harness.site.url}/checkout?status=success`,
      metadata: { checkoutRef: `chk_off_${randomBytes(6).toString('hex')}`, userId, resourceId: 'lifetime-license', quantity: String(metadataQuantity) },
    });
    expect((await chooseOnHostedCheckout(session.url!, 'pay')).status).toBe(303);
    return { userId, event: await recorder.sent('checkout.session.completed', session.id) };
  }

  it.each([
    { name: 'one seat paid, five claimed', price: 'catalog' as const, line: 1, claimed: 5, reason: 'amount 19900 ≠ 19900 × 5' },
    { name: 'a price that is not the catalog’s', price: { currency: 'usd', unit_amount: 100 }, line: 5, claimed: 5, reason: 'amount 500 ≠ 19900 × 5' },
    { name: 'the right amount in another currency', price: { currency: 'eur', unit_amount: 19_900 }, line: 1, claimed: 1, reason: 'currency eur ≠ usd' },
  ])('refuses $name, granting nothing', async ({ price, line, claimed, reason }) => {
    const { userId, event } = await paidOffCatalog(`off-catalog-${randomBytes(4).toString('hex')}@example.com`, price, line, claimed);
    await deliver(event);
    expect(await settled(event.id)).toMatchObject({ outcome: 'failed', last_error: `checkout session ${event.data.object.id}: ${reason}` });
    await expectNotRetried(event.id);
    expect(await grantsFor(userId)).toEqual([]);
  });
});

describe("a subscription whose own price at Stripe is not the catalog's", () => {
  it('grants nothing, whichever of its events comes first', async () => {
    const { userId } = await buyerWithOpenSession('cheap-subscription@example.com');
    const [catalogPrice] = (await harness.stripe.prices.list({ lookup_keys: ['sculpt_pro-monthly'] })).data;
    const cheap = await harness.stripe.prices.create({
      currency: 'usd',
      unit_amount: 100,
      product: String(catalogPrice!.product),
      recurring: { interval: 'month' },
    });
    const metadata = { checkoutRef: `chk_cheap_${randomBytes(6).toString('hex')}`, userId, resourceId: 'pro-monthly', quantity: '1' };
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: cheap.id, quantity: 1 }],
      success_url: `${harness.site.url}/checkout?status=success`,
      metadata,
      subscription_data: { metadata },
    });
    expect((await chooseOnHostedCheckout(session.url!, 'pay')).status).toBe(303);
    const subscriptionId = String((await harness.stripe.checkout.sessions.retrieve(session.id)).subscription);
    const invoiceId = String((await harness.stripe.subscriptions.retrieve(subscriptionId)).latest_invoice);
    const events = [
      await recorder.sent('invoice.paid', invoiceId),
      await recorder.sent('customer.subscription.created', subscriptionId),
      await recorder.sent('checkout.session.completed', session.id),
    ];
    for (const event of events) await deliver(event);

    const mismatch = `amount 100 ≠ ${catalogPrice!.unit_amount} × 1`;
    expect(await settled(events[0]!.id)).toMatchObject({ outcome: 'failed', last_error: `subscription ${subscriptionId}: ${mismatch}` });
    expect(await settled(events[1]!.id)).toMatchObject({ outcome: 'failed', last_error: `subscription ${subscriptionId}: ${mismatch}` });
    expect(await settled(events[2]!.id)).toMatchObject({ outcome: 'failed', last_error: `checkout session ${session.id}: ${mismatch}` });
    expect(await grantsFor(userId)).toEqual([]);
    expect(await eventsFor(userId, ['SubscriptionStarted'])).toEqual([]);
  });
});
