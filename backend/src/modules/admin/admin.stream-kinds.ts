import type { StreamKind } from '../../events/stream-kinds';
import { adminOperationStreamId } from './admin-operations.events';
import { replayStreamId } from './admin.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const adminStreamKinds: readonly StreamKind[] = [
  { prefix: replayStreamId(''), module: 'admin', label: 'replays' },
  { prefix: adminOperationStreamId(''), module: 'admin', label: 'admin operations' },
];
