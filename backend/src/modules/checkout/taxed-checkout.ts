import type Stripe from 'stripe';

/**
 * What every Checkout Session the site opens asks of Stripe Tax: prices are tax-exclusive, so
 * Stripe computes the tax from the billing address it collects (`automatic_tax`), a business buyer
 * may give a tax id (the reverse charge), and a buyer who is already our Stripe customer has the
 * address and name they type saved on the customer (Stripe requires it with an existing customer,
 * and the subscription's later invoices are taxed from it). A subscription opened this way keeps
 * `automatic_tax` for its renewals.
 */
export function taxedCheckout(params: Stripe.Checkout.SessionCreateParams): Stripe.Checkout.SessionCreateParams {
  return {
    ...params,
    automatic_tax: { enabled: true },
    billing_address_collection: 'required',
    tax_id_collection: { enabled: true },
    ...(params.customer ? { customer_update: { address: 'auto', name: 'auto' } } : {}),
  };
}
