import type Stripe from 'stripe';
import { invoiceChargeTax, invoiceTaxRateIds, sessionChargeTax, verifiedTaxIds } from './stripe-tax-facts';

// Stripe's objects as the API returns them with Stripe Tax (fields this reads; the rest as Stripe's fixtures have them).
const rate = (id: string, country: string, percentage: number, effective: number | null = percentage): Stripe.TaxRate =>
  ({
    id,
    object: 'tax_rate',
    country,
    state: null,
    percentage,
    effective_percentage: effective,
    tax_type: country === 'US' ? 'sales_tax' : 'vat',
    display_name: 'VAT',
    inclusive: false,
    jurisdiction: country,
  }) as Stripe.TaxRate;
const address = (country: string, city: string, postal: string) => ({ line1: '1 Main Street', line2: null, city, postal_code: postal, state: null, country });
const session = (overrides: Record<string, unknown>) =>
  ({
    id: 'cs_test_1',
    object: 'checkout.session',
    currency: 'eur',
    amount_subtotal: 19_900,
    automatic_tax: { enabled: true, liability: { type: 'self' }, status: 'complete', provider: 'stripe' },
    customer: 'cus_1',
    ...overrides,
  }) as unknown as Stripe.Checkout.Session;
const details = (overrides: Record<string, unknown>) => ({
  email: 'buyer@example.com',
  name: null,
  phone: null,
  tax_exempt: 'none',
  tax_ids: [],
  business_name: null,
  individual_name: null,
  ...overrides,
});

const germanConsumer = session({
  amount_total: 23_681,
  total_details: {
    amount_discount: 0,
    amount_shipping: 0,
    amount_tax: 3781,
    breakdown: { discounts: [], taxes: [{ amount: 3781, rate: rate('txr_de', 'DE', 19), taxability_reason: 'standard_rated', taxable_amount: 19_900 }] },
  },
  customer_details: details({ name: 'Erika Mustermann', address: address('DE', 'Berlin', '10115') }),
});
const frenchBusiness = session({
  amount_total: 19_900,
  total_details: {
    amount_discount: 0,
    amount_shipping: 0,
    amount_tax: 0,
    breakdown: { discounts: [], taxes: [{ amount: 0, rate: rate('txr_fr', 'FR', 20, 0), taxability_reason: 'reverse_charge', taxable_amount: 19_900 }] },
  },
  customer_details: details({
    name: 'Marie Curie',
    individual_name: 'Marie Curie',
    business_name: 'Curie SARL',
    address: address('FR', 'Paris', '75005'),
    tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }],
  }),
});
const usConsumer = session({
  currency: 'usd',
  amount_total: 19_900,
  total_details: {
    amount_discount: 0,
    amount_shipping: 0,
    amount_tax: 0,
    breakdown: { discounts: [], taxes: [{ amount: 0, rate: rate('txr_us', 'US', 0), taxability_reason: 'not_collecting', taxable_amount: 0 }] },
  },
  customer_details: details({ name: 'John Doe', address: { ...address('US', 'Austin', '78701'), state: 'TX' } }),
});

describe('sessionChargeTax: what a completed Checkout Session charged', () => {
  it('a German consumer: 19% VAT on the net, one line, no reverse charge', () => {
    expect(sessionChargeTax(germanConsumer, new Set())).toEqual({
      currency: 'eur',
      subtotalCents: 19_900,
      taxCents: 3781,
      totalCents: 23_681,
      reverseCharge: false,
      lines: [
        { country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', taxableAmountCents: 19_900, amountCents: 3781 },
      ],
      buyer: {
        name: 'Erika Mustermann',
        businessName: null,
        address: { line1: '1 Main Street', line2: null, city: 'Berlin', postalCode: '10115', state: null, country: 'DE' },
        taxIds: [],
      },
    });
  });

  it('a French business with a VAT id: the reverse charge at 0%, its business name and tax id (verified as Stripe says)', () => {
    const tax = sessionChargeTax(frenchBusiness, new Set(['FR40303265045']));
    expect(tax).toMatchObject({ subtotalCents: 19_900, taxCents: 0, totalCents: 19_900, reverseCharge: true });
    expect(tax.lines).toEqual([
      { country: 'FR', state: null, taxType: 'vat', percentage: 0, taxabilityReason: 'reverse_charge', taxableAmountCents: 19_900, amountCents: 0 },
    ]);
    expect(tax.buyer).toMatchObject({ name: 'Marie Curie', businessName: 'Curie SARL', taxIds: [{ type: 'eu_vat', value: 'FR40303265045', verified: true }] });
    expect(sessionChargeTax(frenchBusiness, new Set()).buyer.taxIds).toEqual([{ type: 'eu_vat', value: 'FR40303265045', verified: false }]);
    const withoutPerson = session({ customer_details: details({ name: 'Curie SARL', business_name: 'Curie SARL', address: address('FR', 'Paris', '75005') }) });
    expect(sessionChargeTax(withoutPerson, new Set()).buyer).toMatchObject({ name: null, businessName: 'Curie SARL' });
  });

  it('a US consumer where the seller is not registered: tax 0 and no lines', () => {
    expect(sessionChargeTax(usConsumer, new Set())).toMatchObject({
      currency: 'usd',
      subtotalCents: 19_900,
      taxCents: 0,
      totalCents: 19_900,
      reverseCharge: false,
      lines: [],
      buyer: { name: 'John Doe', address: expect.objectContaining({ country: 'US', state: 'TX' }) },
    });
  });

  it('a session Stripe Tax did not compute (no automatic_tax, no breakdown, no address): tax 0, no lines, no address', () => {
    const untaxed = session({
      currency: 'usd',
      amount_total: 4900,
      automatic_tax: { enabled: false, liability: null, status: null, provider: null },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      customer_details: null,
    });
    expect(sessionChargeTax(untaxed, new Set())).toEqual({
      currency: 'usd',
      subtotalCents: 4900,
      taxCents: 0,
      totalCents: 4900,
      reverseCharge: false,
      lines: [],
      buyer: { name: null, businessName: null, address: null, taxIds: [] },
    });
  });
});

const invoice = (overrides: Record<string, unknown>) =>
  ({
    id: 'in_1',
    object: 'invoice',
    currency: 'eur',
    customer: 'cus_1',
    subtotal: 1900,
    customer_tax_ids: [],
    ...overrides,
  }) as unknown as Stripe.Invoice;

describe('invoiceChargeTax: what a paid invoice charged', () => {
  it('a German consumer’s renewal: its total taxes with the rate read by id', () => {
    const renewal = invoice({
      total: 2261,
      total_excluding_tax: 1900,
      total_taxes: [
        {
          amount: 361,
          tax_behavior: 'exclusive',
          tax_rate_details: { tax_rate: 'txr_de' },
          taxability_reason: 'standard_rated',
          taxable_amount: 1900,
          type: 'tax_rate_details',
        },
      ],
      customer_name: 'Erika Mustermann',
      customer_address: address('DE', 'Berlin', '10115'),
    });
    expect(invoiceTaxRateIds(renewal)).toEqual(['txr_de']);
    expect(invoiceChargeTax(renewal, new Map([['txr_de', rate('txr_de', 'DE', 19)]]), new Set())).toEqual({
      currency: 'eur',
      subtotalCents: 1900,
      taxCents: 361,
      totalCents: 2261,
      reverseCharge: false,
      lines: [{ country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', taxableAmountCents: 1900, amountCents: 361 }],
      buyer: {
        name: 'Erika Mustermann',
        businessName: null,
        address: { line1: '1 Main Street', line2: null, city: 'Berlin', postalCode: '10115', state: null, country: 'DE' },
        taxIds: [],
      },
    });
  });

  it('a French business’s renewal under the reverse charge, from the older total_tax_amounts with the rate expanded', () => {
    const renewal = invoice({
      total: 1900,
      total_excluding_tax: 1900,
      total_tax_amounts: [{ amount: 0, inclusive: false, tax_rate: rate('txr_fr', 'FR', 20, 0), taxability_reason: 'reverse_charge', taxable_amount: 1900 }],
      customer_name: 'Curie SARL',
      customer_address: address('FR', 'Paris', '75005'),
      customer_tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }],
    });
    expect(invoiceTaxRateIds(renewal)).toEqual([]);
    expect(invoiceChargeTax(renewal, new Map(), new Set(['FR40303265045']))).toMatchObject({
      taxCents: 0,
      reverseCharge: true,
      lines: [{ country: 'FR', percentage: 0, taxabilityReason: 'reverse_charge', taxableAmountCents: 1900, amountCents: 0 }],
      buyer: { name: 'Curie SARL', taxIds: [{ type: 'eu_vat', value: 'FR40303265045', verified: true }] },
    });
  });

  it('an untaxed invoice (no automatic tax, as the emulator answers before Stripe Tax): tax 0, no lines, no address', () => {
    const untaxed = invoice({
      currency: 'usd',
      total: 1900,
      total_excluding_tax: 1900,
      total_taxes: null,
      customer_name: null,
      customer_address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      customer_tax_ids: [],
    });
    expect(invoiceChargeTax(untaxed, new Map(), new Set())).toEqual({
      currency: 'usd',
      subtotalCents: 1900,
      taxCents: 0,
      totalCents: 1900,
      reverseCharge: false,
      lines: [],
      buyer: { name: null, businessName: null, address: null, taxIds: [] },
    });
  });

  it('sums a rate Stripe split across lines into one line per rate', () => {
    const split = invoice({
      total: 2380,
      total_excluding_tax: 2000,
      total_taxes: [1000, 1000].map((taxable) => ({
        amount: 190,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: 'txr_de' },
        taxability_reason: 'standard_rated',
        taxable_amount: taxable,
        type: 'tax_rate_details',
      })),
    });
    expect(invoiceChargeTax(split, new Map([['txr_de', rate('txr_de', 'DE', 19)]]), new Set()).lines).toEqual([
      expect.objectContaining({ country: 'DE', percentage: 19, taxableAmountCents: 2000, amountCents: 380 }),
    ]);
  });
});

describe('verifiedTaxIds', () => {
  it('keeps the values Stripe verified, not those pending or unverified', () => {
    const id = (value: string, status: string) => ({ id: `txi_${value}`, object: 'tax_id', type: 'eu_vat', value, verification: { status } }) as Stripe.TaxId;
    expect([...verifiedTaxIds([id('FR1', 'verified'), id('DE2', 'pending'), id('IT3', 'unverified')])]).toEqual(['FR1']);
  });
});
