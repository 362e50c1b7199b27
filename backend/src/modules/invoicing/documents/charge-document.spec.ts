import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import { type ChargeFacts, invoiceBody } from './charge-document';

const AT = '2026-11-29T10:00:00.000Z';
const SELLER = { name: 'SystemSculpt Ltd', address: ['1 Example Street', 'London'], taxId: 'GB123456789', email: null };
/** A German consumer's 19% VAT on €15.20: the €19 ebook with a 20% code. */
const TAX: ChargeTax = {
  currency: 'eur',
  subtotalCents: 1520,
  taxCents: 289,
  totalCents: 1809,
  reverseCharge: false,
  buyer: { name: 'Jeanne', businessName: null, address: null, taxIds: [] },
  lines: [{ country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', taxableAmountCents: 1520, amountCents: 289 }],
};
const facts: ChargeFacts = {
  charge: { kind: 'checkout', id: 'ref-1' },
  userId: 'user-1',
  email: 'jeanne@example.com',
  description: 'The AI-Assisted Vault',
  quantity: 1,
  amountCents: 1809,
  currency: 'eur',
  chargedAt: AT,
  periodStart: null,
  periodEnd: null,
  tax: TAX,
  discount: { description: 'Discount: code SAVE20 (Launch)', amountOffCents: 380 },
};

describe('the invoice of a discounted charge', () => {
  it('shows the list price and the discount as two lines that add up to the net charged, the tax shared between them', () => {
    const body = invoiceBody(facts, SELLER, AT);
    expect(body.lines.map(({ description, amountCents, taxCents }) => [description, amountCents, taxCents])).toEqual([
      ['The AI-Assisted Vault', 1900, 361],
      ['Discount: code SAVE20 (Launch)', -380, -72],
    ]);
    expect([body.subtotalCents, body.taxCents, body.totalCents]).toEqual([1520, 289, 1809]);
  });

  it('shows one line when nothing was taken off', () => {
    expect(invoiceBody({ ...facts, discount: null }, SELLER, AT).lines.map((line) => line.amountCents)).toEqual([1520]);
    expect(invoiceBody({ ...facts, discount: { description: 'x', amountOffCents: 0 } }, SELLER, AT).lines).toHaveLength(1);
  });
});
