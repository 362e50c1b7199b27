import { randomUUID } from 'node:crypto';
import { CreditNoteIssued, InvoiceIssued } from '../../../backend/src/modules/invoicing/invoicing.events';
import { InvoiceDocumentsProjector } from '../../../backend/src/modules/invoicing/projections/invoice-documents.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new InvoiceDocumentsProjector(), [InvoiceIssued, CreditNoteIssued]);

const at = '2026-11-29T10:00:00.000Z';
const seller = { name: 'SystemSculpt Ltd', address: ['1 Example Street'], taxId: 'GB123456789', email: null };
const buyer = { name: 'Erika', businessName: 'Muster GmbH', address: null, taxIds: [{ type: 'eu_vat', value: 'DE123456789', verified: true }] };
const body = (userId: string, totalCents: number, taxCents: number) => ({
  userId,
  issuedAt: at,
  chargedAt: at,
  seller,
  buyer,
  buyerEmail: 'erika@example.com',
  currency: 'eur',
  lines: [{ description: 'Lifetime', quantity: 1, amountCents: totalCents - taxCents, taxPercentage: 19, taxCents, periodStart: null, periodEnd: null }],
  rateTotals: [{ country: 'DE', taxType: 'vat', percentage: 19, netCents: totalCents - taxCents, taxCents }],
  subtotalCents: totalCents - taxCents,
  taxCents,
  totalCents,
  reverseCharge: false,
});

describe('InvoiceDocumentsProjector', () => {
  it('lists an invoice and its credit note for their owner, each as issued', async () => {
    const userId = `user-${randomUUID()}`;
    const ref = randomUUID();
    const number = `INV-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const note = number.replace('INV', 'CN');
    await projection.given(
      InvoiceIssued({ series: 'INV-2026', sequence: 1, number, charge: { kind: 'checkout', id: ref }, replaces: null, ...body(userId, 11_900, 1_900) }),
      CreditNoteIssued({
        series: 'CN-2026',
        sequence: 1,
        number: note,
        charge: { kind: 'checkout', id: ref },
        invoiceNumber: number,
        reason: 'refund',
        refundId: null,
        ...body(userId, 5_000, 798),
      }),
    );
    expect(await rows(userId)).toEqual([
      { number, kind: 'invoice', charge_id: ref, invoice_number: null, reason: null, total_cents: 11_900, tax_cents: 1_900, vat: 'DE123456789' },
      { number: note, kind: 'credit_note', charge_id: ref, invoice_number: number, reason: 'refund', total_cents: 5_000, tax_cents: 798, vat: 'DE123456789' },
    ]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const userId = `user-${randomUUID()}`;
    const number = `INV-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await projection.given(
      InvoiceIssued({ series: 'INV-2026', sequence: 1, number, charge: { kind: 'checkout', id: randomUUID() }, replaces: null, ...body(userId, 4_900, 0) }),
    );
    const before = await rows(userId);
    await projection.replay();
    expect(await rows(userId)).toEqual(before);
  });
});

const rows = (userId: string) =>
  projection.rows(
    `select number, kind, charge_id, invoice_number, reason, total_cents, tax_cents, document->'buyer'->'taxIds'->0->>'value' as vat
       from rm_invoice_documents where user_id = $1 order by kind desc, number`,
    [userId],
  );
