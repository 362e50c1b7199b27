import type { StreamKind } from '../../events/stream-kinds';
import { promotionStreamId } from './promotions.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const promotionsStreamKinds: readonly StreamKind[] = [{ prefix: promotionStreamId(''), module: 'promotions', label: 'promotions' }];
