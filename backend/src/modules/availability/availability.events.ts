import { z } from 'zod';
import { hostScheduleSchema } from '../../../../contracts/availability/availability.contract';
import { defineEvent } from '../../events/event-registry';

export const hostAvailabilityStreamId = (hostUserId: string) => `host-availability-${hostUserId}`;

/** A host saved their hours and rules; the whole schedule, as they wrote it, in their zone. */
export const HostAvailabilityChanged = defineEvent({
  type: 'HostAvailabilityChanged',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), hostName: z.string(), schedule: hostScheduleSchema, at: z.iso.datetime() }),
});

export const availabilityEvents = [HostAvailabilityChanged];
export type AvailabilityEvent = ReturnType<typeof HostAvailabilityChanged>;
