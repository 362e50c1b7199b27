import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';
import { QUARTER_PATTERN } from './quarters';

/** The stream of one tax period: `tax-quarter-2026-Q3`. */
export const taxQuarterStreamId = (quarter: string) => `tax-quarter-${quarter}`;

const decimal = z.string().regex(/^\d+$/);

/**
 * Recorded when the owner closes a quarter (files its return). `closedThrough` is the tax report's
 * checkpoint the report was read at: the quarter as filed is every document the report had
 * applied up to there, in the log's reading order; `checksum` is the SHA-256 of that report's CSV.
 * Documents for the quarter that arrive later are reported as corrections in an open quarter.
 */
export const TaxQuarterClosed = defineEvent({
  type: 'TaxQuarterClosed',
  schemaVersion: 1,
  schema: z.object({
    quarter: z.string().regex(QUARTER_PATTERN),
    closedThrough: z.object({ transactionId: decimal, position: decimal }),
    checksum: z.string().regex(/^[0-9a-f]{64}$/),
    closedAt: z.iso.datetime(),
  }),
});

export const taxReportEvents = [TaxQuarterClosed] as const;
export type TaxReportEvent = ReturnType<(typeof taxReportEvents)[number]>;
