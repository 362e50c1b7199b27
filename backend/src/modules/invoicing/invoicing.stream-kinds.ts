import type { StreamKind } from '../../events/stream-kinds';
import { billingDetailsStreamId } from './billing-details/billing-details.events';
import { invoiceSeriesStreamId } from './invoicing.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const invoicingStreamKinds: readonly StreamKind[] = [
  { prefix: invoiceSeriesStreamId(''), module: 'invoicing', label: 'invoice series' },
  { prefix: billingDetailsStreamId(''), module: 'invoicing', label: 'payments' },
];
