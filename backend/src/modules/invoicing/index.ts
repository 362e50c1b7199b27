/** The invoicing module's public surface: other modules import only this. */
export { chargeKey, CreditNoteIssued, InvoiceIssued, invoiceSeriesStreamId, invoicingEvents, type ChargeKey } from './invoicing.events';
