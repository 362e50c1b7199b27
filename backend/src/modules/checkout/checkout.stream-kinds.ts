import type { StreamKind } from '../../events/stream-kinds';
import { checkoutStreamId } from './checkout.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const checkoutStreamKinds: readonly StreamKind[] = [
  { prefix: checkoutStreamId(''), module: 'checkout', label: 'payments' },
  // freeAccessStreamId(userId, resourceId): the user id follows the prefix.
  { prefix: 'freeaccess-', module: 'checkout', label: 'library' },
];
