import type { StreamKind } from '../../events/stream-kinds';
import { disputeStreamId } from './disputes.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const disputeStreamKinds: readonly StreamKind[] = [{ prefix: disputeStreamId(''), module: 'disputes', label: 'disputes' }];
