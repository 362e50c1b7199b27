import { deciderSpec } from '../../../../test/support/decider-spec';
import { invoiceBody, type ChargeFacts } from './documents/charge-document';
import { invoiceSeriesDecider, type SeriesCommand } from './invoicing.decider';
import type { ChargeTax } from '../../../../contracts/billing/charge-tax';
import type { CreditNoteIssuedData, InvoiceIssuedData } from './invoicing.events';

const spec = deciderSpec(invoiceSeriesDecider);
const AT = '2026-11-29T10:00:00.000Z';
const SELLER = { name: 'SystemSculpt Ltd', address: ['1 Example Street', 'London'], taxId: 'GB123456789', email: null };

const facts = (id: string, tax: ChargeTax | null = null, amountCents = 4900): ChargeFacts => ({
  charge: { kind: 'checkout', id },
  userId: 'user_1',
  email: 'buyer@example.com',
  description: 'Lifetime',
  quantity: 1,
  amountCents,
  currency: 'usd',
  chargedAt: AT,
  periodStart: null,
  periodEnd: null,
  tax,
  discount: null,
});
const issue = (id: string, tax: ChargeTax | null = null): SeriesCommand => ({
  type: 'IssueInvoice',
  series: 'INV-2026',
  charge: { kind: 'checkout', id },
  body: invoiceBody(facts(id, tax), SELLER, AT),
});

const GERMAN: ChargeTax = {
  currency: 'eur',
  subtotalCents: 10_000,
  taxCents: 1_900,
  totalCents: 11_900,
  reverseCharge: false,
  lines: [{ country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', taxableAmountCents: 10_000, amountCents: 1_900 }],
  buyer: {
    name: 'Erika',
    businessName: null,
    address: { line1: 'Hauptstr. 1', line2: null, city: 'Berlin', postalCode: '10115', state: null, country: 'DE' },
    taxIds: [],
  },
};

function invoiceOf(id: string, tax: ChargeTax | null, sequence = 1): InvoiceIssuedData {
  let made: InvoiceIssuedData | undefined;
  spec
    .given([])
    .when(issue(id, tax))
    .then((events) => {
      made = { ...(events[0]!.data as InvoiceIssuedData), sequence, number: `INV-2026-${String(sequence).padStart(6, '0')}` };
    });
  return made!;
}

const refund = (invoice: InvoiceIssuedData, refundedCents: number, earlier: CreditNoteIssuedData[] = []): SeriesCommand => ({
  type: 'IssueCreditNote',
  series: 'CN-2026',
  issuedAt: AT,
  invoice,
  earlier,
  refundedCents,
});

describe('an invoice series', () => {
  it('numbers invoices one after another, from 1, six digits', () => {
    spec
      .given([])
      .when(issue('a'), issue('b'), issue('c'))
      .then((events) => {
        expect(events.map((e) => e.data.number)).toEqual(['INV-2026-000001', 'INV-2026-000002', 'INV-2026-000003']);
        expect(events.map((e) => e.data.sequence)).toEqual([1, 2, 3]);
      });
  });

  it('issues one invoice per charge, however often the charge is delivered', () => {
    spec
      .given([])
      .when(issue('a'), issue('a'), issue('b'), issue('a'))
      .then((events) =>
        expect(events.map((e) => [e.data.number, e.data.charge.id])).toEqual([
          ['INV-2026-000001', 'a'],
          ['INV-2026-000002', 'b'],
        ]),
      );
  });

  it('invoices a charge recorded before tax with no tax, the buyer by their address only', () => {
    spec
      .given([])
      .when(issue('a'))
      .then(([event]) => {
        expect(event!.data).toMatchObject({
          subtotalCents: 4900,
          taxCents: 0,
          totalCents: 4900,
          rateTotals: [],
          reverseCharge: false,
          buyerEmail: 'buyer@example.com',
        });
        expect(event!.data.buyer).toEqual({ name: null, businessName: null, address: null, taxIds: [] });
      });
  });

  it('invoices a taxed charge with its rate, totals by rate and the buyer', () => {
    spec
      .given([])
      .when(issue('a', GERMAN))
      .then(([event]) => {
        expect(event!.data).toMatchObject({ currency: 'eur', subtotalCents: 10_000, taxCents: 1_900, totalCents: 11_900 });
        expect(event!.data.lines[0]).toMatchObject({ amountCents: 10_000, taxPercentage: 19, taxCents: 1_900 });
        expect(event!.data.rateTotals).toEqual([{ country: 'DE', taxType: 'vat', percentage: 19, netCents: 10_000, taxCents: 1_900 }]);
        expect(event!.data.buyer.name).toBe('Erika');
      });
  });
});

describe('a credit note series', () => {
  it('credits a full refund once, the whole invoice, however often the refund is delivered', () => {
    const invoice = invoiceOf('a', GERMAN);
    spec
      .given([])
      .when(refund(invoice, 11_900), refund(invoice, 11_900))
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]!.data).toMatchObject({
          number: 'CN-2026-000001',
          invoiceNumber: invoice.number,
          reason: 'refund',
          subtotalCents: 10_000,
          taxCents: 1_900,
          totalCents: 11_900,
        });
      });
  });

  it('credits a partial refund with the tax split by rate, then the rest exactly', () => {
    const invoice = invoiceOf('a', GERMAN);
    let first: CreditNoteIssuedData | undefined;
    spec
      .given([])
      .when(refund(invoice, 5_000))
      .then(([event]) => {
        first = event!.data as CreditNoteIssuedData;
        expect(first).toMatchObject({ totalCents: 5_000, taxCents: 798, subtotalCents: 4_202 });
        expect(first.rateTotals).toEqual([{ country: 'DE', taxType: 'vat', percentage: 19, netCents: 4_202, taxCents: 798 }]);
        expect(first.lines[0]).toMatchObject({ amountCents: 4_202, taxCents: 798 });
      });
    spec
      .given([])
      .when(refund(invoice, 11_900, [first!]))
      .then(([event]) => {
        expect(event!.data).toMatchObject({ totalCents: 6_900, taxCents: 1_102, subtotalCents: 5_798 });
        expect(first!.taxCents + event!.data.taxCents).toBe(1_900);
      });
  });

  it('records nothing for a refund no larger than what was credited', () => {
    const invoice = invoiceOf('a', null);
    spec
      .given([])
      .when(refund(invoice, 1_000), refund(invoice, 1_000), refund(invoice, 900))
      .then((events) => expect(events.map((e) => e.data.totalCents)).toEqual([1_000]));
  });

  it('never credits more than the invoice', () => {
    const invoice = invoiceOf('a', null);
    spec
      .given([])
      .when(refund(invoice, 999_999))
      .then((events) => expect(events.map((e) => e.data.totalCents)).toEqual([4_900]));
  });
});

describe('corrections for new billing details', () => {
  const BUSINESS = { ...GERMAN.buyer, businessName: 'Beispiel GmbH', taxIds: [{ type: 'eu_vat', value: 'DE111111111', verified: true }] };
  const correct = (invoice: InvoiceIssuedData, reverseCharge: boolean, earlier: CreditNoteIssuedData[] = []): SeriesCommand => ({
    type: 'CorrectInvoice',
    series: 'CN-2026',
    issuedAt: AT,
    invoice,
    earlier,
    reverseCharge,
  });
  const replace = (invoice: InvoiceIssuedData, creditNote: CreditNoteIssuedData): SeriesCommand => ({
    type: 'ReplaceInvoice',
    series: 'INV-2026',
    issuedAt: AT,
    invoice,
    creditNote,
    buyer: BUSINESS,
  });
  const noteOf = (command: SeriesCommand): CreditNoteIssuedData => {
    let made: CreditNoteIssuedData | undefined;
    spec
      .given([])
      .when(command)
      .then(([event]) => {
        made = event!.data as CreditNoteIssuedData;
      });
    return made!;
  };

  it('a correction credits the whole invoice once; its replacement bills the same amounts to the new buyer', () => {
    const invoice = invoiceOf('a', GERMAN);
    spec
      .given([])
      .when(correct(invoice, false), correct(invoice, false))
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]!.data).toMatchObject({ reason: 'correction', invoiceNumber: invoice.number, totalCents: 11_900, taxCents: 1_900 });
      });
    spec
      .given([])
      .when(replace(invoice, noteOf(correct(invoice, false))))
      .then(([event]) => {
        expect(event!.data).toMatchObject({ replaces: invoice.number, subtotalCents: 10_000, taxCents: 1_900, totalCents: 11_900, reverseCharge: false });
        expect(event!.data.buyer).toEqual(BUSINESS);
      });
  });

  it('the reverse charge returns the VAT once: the replacement carries no tax, and a later correction returns nothing more', () => {
    const invoice = invoiceOf('a', GERMAN);
    const note = noteOf(correct(invoice, true));
    expect(note).toMatchObject({ reason: 'reverse_charge', totalCents: 11_900, taxCents: 1_900 });
    let replacement: InvoiceIssuedData | undefined;
    spec
      .given([])
      .when(replace(invoice, note))
      .then(([event]) => {
        replacement = { ...(event!.data as InvoiceIssuedData), number: 'INV-2026-000002' };
        expect(replacement).toMatchObject({ subtotalCents: 10_000, taxCents: 0, totalCents: 10_000, reverseCharge: true });
        expect(replacement.rateTotals).toEqual([{ country: 'DE', taxType: 'vat', percentage: 0, netCents: 10_000, taxCents: 0 }]);
      });
    spec
      .given([])
      .when(correct(replacement!, true, [note]))
      .then(([event]) => expect(event!.data).toMatchObject({ reason: 'correction', invoiceNumber: 'INV-2026-000002', taxCents: 0 }));
  });

  it('a refund after the VAT came back credits only what it adds beyond that VAT, against the invoice in force', () => {
    const invoice = invoiceOf('a', GERMAN);
    const note = noteOf(correct(invoice, true));
    const replacement = { ...invoice, number: 'INV-2026-000002', replaces: invoice.number, subtotalCents: 10_000, taxCents: 0, totalCents: 10_000 };
    spec
      .given([])
      // Stripe reports the VAT refund itself (1,900 refunded), then the rest of the charge refunded.
      .when(refund(replacement, 1_900, [note]), refund(replacement, 11_900, [note]))
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]!.data).toMatchObject({ reason: 'refund', invoiceNumber: 'INV-2026-000002', totalCents: 10_000 });
      });
  });

  it('a fully refunded invoice is not corrected', () => {
    const invoice = invoiceOf('a', GERMAN);
    const refunded = noteOf(refund(invoice, 11_900));
    spec
      .given([])
      .when(correct(invoice, true, [refunded]))
      .then((events) => expect(events).toEqual([]));
  });
});
