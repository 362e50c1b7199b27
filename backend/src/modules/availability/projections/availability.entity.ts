import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import type { HostScheduleInput } from '../../../../../contracts/availability/availability.contract';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** A host's current schedule, as they saved it (open slots are computed from it). */
export const HostAvailability = defineEntity({
  name: 'HostAvailability',
  tableName: 'rm_host_availability',
  properties: {
    hostUserId: p.text().primary(),
    hostName: p.text(),
    schedule: p.json<HostScheduleInput>(),
    updatedAt: p.datetime(),
  },
});

export type AvailabilityTables = ReadModelTables<typeof HostAvailability>;

/** Kysely over rm_host_availability, in `em`'s transaction if it is in one. */
export const availabilityTables = (em: EntityManager) => em.getKysely<AvailabilityTables, typeof readModelKysely>(readModelKysely);
