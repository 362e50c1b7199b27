import { formatDay } from '../../../platform/email-templates/when';

/** A billing period in an email: "November 28, 2026 – December 28, 2026", in the recipient's zone. */
export const periodText = (period: { start: string; end: string }, timeZone: string) =>
  `${formatDay(period.start, timeZone)} – ${formatDay(period.end, timeZone)}`;
