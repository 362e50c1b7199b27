import type { StreamKind } from '../../events/stream-kinds';
import { supportActionStreamId } from './support-actions.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const supportStreamKinds: readonly StreamKind[] = [
  { prefix: supportActionStreamId(''), module: 'support', label: 'support' },
  // supportCreditGrantsStreamId(actorId, day): one admin's grants on one day, no customer's.
  { prefix: 'support-credit-grants-', module: 'support', label: 'support grants' },
];
