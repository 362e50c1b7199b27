import { pdfText } from '../../../../../test/support/pdf-text';
import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import type { BillingDocument } from '../../../../../contracts/billing/billing.contract';
import { invoiceBody, type ChargeFacts } from './charge-document';
import { documentPdf } from './document-pdf';

const AT = '2026-11-29T10:00:00.000Z';
const SELLER = { name: 'SystemSculpt Ltd', address: ['1 Example Street', 'London N1 1AA', 'United Kingdom'], taxId: 'GB123456789', email: null };

const REVERSE: ChargeTax = {
  currency: 'eur',
  subtotalCents: 19_900,
  taxCents: 0,
  totalCents: 19_900,
  reverseCharge: true,
  lines: [{ country: 'FR', state: null, taxType: 'vat', percentage: 0, taxabilityReason: 'reverse_charge', taxableAmountCents: 19_900, amountCents: 0 }],
  buyer: {
    name: 'Jeanne Martin',
    businessName: 'Martin SARL',
    address: { line1: '5 rue de la Paix', line2: null, city: 'Paris', postalCode: '75002', state: null, country: 'FR' },
    taxIds: [{ type: 'eu_vat', value: 'FR12345678901', verified: true }],
  },
};

const facts = (tax: ChargeTax | null): ChargeFacts => ({
  charge: { kind: 'checkout', id: 'ref-1' },
  userId: 'user-1',
  email: 'jeanne@example.com',
  description: 'Lifetime License',
  quantity: 1,
  amountCents: 19_900,
  currency: 'eur',
  chargedAt: AT,
  periodStart: null,
  periodEnd: null,
  tax,
  discount: null,
});

const view = (tax: ChargeTax | null, extra: Partial<BillingDocument> = {}): BillingDocument => {
  const { userId: _userId, ...body } = invoiceBody(facts(tax), SELLER, AT);
  return { ...body, kind: 'invoice', number: 'INV-2026-000042', invoiceNumber: null, reason: null, pdfPath: '/billing/pdf/INV-2026-000042.pdf', ...extra };
};

describe('the invoice PDF', () => {
  it("shows both parties' tax numbers and the reverse charge for a reverse-charged business sale", async () => {
    const text = pdfText(await documentPdf(view(REVERSE)));
    for (const expected of [
      'Invoice INV-2026-000042',
      'SystemSculpt Ltd',
      'Tax number: GB123456789',
      'Martin SARL',
      'VAT number: FR12345678901',
      'Reverse charge',
      'VAT 0% (FR)',
    ])
      expect(text).toContain(expected);
    expect(text).toContain('Date of supply');
  });

  it('shows no tax and no reverse charge for a charge recorded before tax, naming the buyer by address', async () => {
    const text = pdfText(await documentPdf(view(null)));
    expect(text).toContain('No tax charged.');
    expect(text).toContain('jeanne@example.com');
    expect(text).not.toContain('Reverse charge');
  });

  it('names the invoice a credit note credits', async () => {
    const text = pdfText(await documentPdf(view(null, { kind: 'credit_note', number: 'CN-2026-000001', invoiceNumber: 'INV-2026-000042', reason: 'refund' })));
    expect(text).toContain('Credit note CN-2026-000001');
    expect(text).toContain('INV-2026-000042');
  });

  it('draws hostile buyer text (emoji, NUL, a 5,000-character name) without failing', async () => {
    const hostile = { ...REVERSE, buyer: { ...REVERSE.buyer, name: `😀\u0000${'x'.repeat(5000)}` } };
    const text = pdfText(await documentPdf(view(hostile)));
    expect(text).toContain('??');
  });
});
