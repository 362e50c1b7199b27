import type { StreamKind } from '../../events/stream-kinds';
import { invoiceSeriesStreamId } from './invoicing.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const invoicingStreamKinds: readonly StreamKind[] = [{ prefix: invoiceSeriesStreamId(''), module: 'invoicing', label: 'invoice series' }];
