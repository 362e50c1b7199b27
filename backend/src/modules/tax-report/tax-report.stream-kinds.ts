import type { StreamKind } from '../../events/stream-kinds';
import { taxQuarterStreamId } from './tax-report.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const taxReportStreamKinds: readonly StreamKind[] = [{ prefix: taxQuarterStreamId(''), module: 'tax-report', label: 'tax quarters' }];
