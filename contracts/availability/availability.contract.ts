import { z } from 'zod';
import { defineServerFn } from '../server-fn';

const time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a 24-hour time such as 09:00.');
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

export const intervalSchema = z
  .object({ start: time, end: time })
  .refine((i) => minutes(i.end) > minutes(i.start), { message: 'Each period must end after it starts.', path: ['end'] });

/** A day's periods: each ends after it starts, none overlaps another. */
const dayPeriods = z
  .array(intervalSchema)
  .max(6, 'At most 6 periods a day.')
  .refine(
    (periods) => [...periods].sort((a, b) => minutes(a.start) - minutes(b.start)).every((p, i, all) => i === 0 || minutes(p.start) >= minutes(all[i - 1]!.end)),
    { message: 'Periods on one day must not overlap.' },
  );

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
};

export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** A host's hours, as they write them: wall-clock times in their own time zone. */
export const hostScheduleSchema = z.object({
  timeZone: z.string().min(1).max(64).refine(isZone, 'Choose a time zone such as Europe/Berlin.'),
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayPeriods])) as Record<(typeof WEEKDAYS)[number], typeof dayPeriods>),
  overrides: z
    .record(z.iso.date('Use a date such as 2026-12-24.'), dayPeriods)
    .refine((o) => Object.keys(o).length <= 366, 'At most a year of date overrides.'),
  bufferMinutes: z.number().int().min(0, 'The buffer cannot be negative.').max(120, 'At most 120 minutes between sessions.'),
  minimumNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60, 'At most two weeks of notice.'),
  horizonDays: z.number().int().min(1, 'Open at least one day ahead.').max(180, 'At most 180 days ahead.'),
  /** The host's video-call room, sent to customers with their booking. */
  meetingUrl: z
    .url({ protocol: /^https?$/, error: 'Use a full https:// link to your video-call room.' })
    .max(500)
    .nullable()
    .default(null),
});
export type HostScheduleInput = z.infer<typeof hostScheduleSchema>;

export const getHostAvailability = defineServerFn({
  id: 'getHostAvailability',
  method: 'GET',
  input: z.object({}).strict().default({}),
  /** `host: false` for an account that is not a host (nothing to edit; saving is refused). */
  output: z.object({ host: z.boolean(), schedule: hostScheduleSchema.nullable(), updatedAt: z.iso.datetime().nullable() }),
});

export const saveHostAvailability = defineServerFn({
  id: 'saveHostAvailability',
  method: 'POST',
  input: z.object({ schedule: hostScheduleSchema }).strict(),
  output: z.object({ saved: z.literal(true), updatedAt: z.iso.datetime() }),
  errors: ['booking.not_a_host'],
});

export const availabilityServerFns = [getHostAvailability, saveHostAvailability];
