import type { StreamKind } from '../../events/stream-kinds';
import { creditStreamId } from './credits.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const creditStreamKinds: readonly StreamKind[] = [{ prefix: creditStreamId(''), module: 'credits', label: 'credits' }];
