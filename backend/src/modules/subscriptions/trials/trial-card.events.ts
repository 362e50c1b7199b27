import { z } from 'zod';
import { defineEvent } from '../../../events/event-registry';

/** One stream per card (Stripe's card fingerprint): the one subscription whose trial it paid for. */
export const trialCardStreamId = (fingerprint: string) => `trial-card-${fingerprint}`;

/** The first trial started with this card; any later one on the same card is refused. */
export const TrialCardClaimed = defineEvent({
  type: 'TrialCardClaimed',
  schemaVersion: 1,
  schema: z.object({ fingerprint: z.string(), subscriptionId: z.string(), userId: z.string(), at: z.iso.datetime() }),
});

export const trialCardEvents = [TrialCardClaimed];
export type TrialCardEvent = ReturnType<typeof TrialCardClaimed>;
