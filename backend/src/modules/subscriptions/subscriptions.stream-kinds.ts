import type { StreamKind } from '../../events/stream-kinds';
import { customerStreamId } from './customers/customer.events';
import { subscriptionStreamId } from './subscriptions.events';
import { trialCardStreamId } from './trials/trial-card.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const subscriptionStreamKinds: readonly StreamKind[] = [
  { prefix: subscriptionStreamId(''), module: 'subscriptions', label: 'payments' },
  { prefix: customerStreamId(''), module: 'subscriptions', label: 'payments' },
  { prefix: trialCardStreamId(''), module: 'subscriptions', label: 'payments' },
];
