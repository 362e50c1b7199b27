import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

export { SUPPORT_DAILY_CREDIT_LIMIT } from '../../../../contracts/admin/support-actions.contract';

/**
 * Recorded when a support admin's credit grant is counted against what they may grant that UTC
 * day, before the action itself is recorded: each admin's day is a stream of its own, so two
 * grants sent at once are counted one after the other (the stream's version) and cannot both pass.
 */
export const SupportCreditGrantRecorded = defineEvent({
  type: 'SupportCreditGrantRecorded',
  schemaVersion: 1,
  schema: z.object({
    actorId: z.string().min(1),
    /** The UTC day it counts for, YYYY-MM-DD. */
    day: z.iso.date(),
    actionId: z.uuid(),
    credits: z.number().int().positive(),
    at: z.iso.datetime(),
  }),
});

export const supportCreditGrantEvents = [SupportCreditGrantRecorded];
export type SupportCreditGrantEvent = ReturnType<typeof SupportCreditGrantRecorded>;

/** The UTC day of an instant, as the stream and the events name it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export const supportCreditGrantsStreamId = (actorId: string, day: string) => `support-credit-grants-${actorId}-${day}`;
