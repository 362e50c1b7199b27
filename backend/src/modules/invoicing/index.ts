/** The invoicing module's public surface: other modules and the app import only this. */
export { InvoicingModule } from './invoicing.module';
export { invoicingStreamKinds } from './invoicing.stream-kinds';
export { billingDetailsStreamId, BillingDetailsChanged } from './billing-details/billing-details.events';
export {
  chargeKey,
  CreditNoteIssued,
  InvoiceIssued,
  invoiceSeriesStreamId,
  invoicingEvents,
  type ChargeKey,
  type CreditNoteIssuedData,
  type DocumentBody,
  type InvoiceIssuedData,
} from './invoicing.events';
