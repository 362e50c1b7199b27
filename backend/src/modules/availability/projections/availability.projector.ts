import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { availabilityEvents, type HostAvailabilityChanged } from '../availability.events';
import { availabilityTables } from './availability.entity';

type AvailabilityEvent = Recorded<ReturnType<typeof HostAvailabilityChanged>>;

/** Each host's current schedule, from which open slots are computed. */
export class AvailabilityProjector implements Projector<AvailabilityEvent> {
  readonly name = 'AvailabilityProjector';
  readonly eventTypes = availabilityEvents.map((definition) => definition.type);
  readonly tables = ['rm_host_availability'];

  async apply(event: AvailabilityEvent, em: EntityManager): Promise<void> {
    const d = event.data;
    await availabilityTables(em)
      .insertInto('rm_host_availability')
      .values({ host_user_id: d.hostUserId, host_name: d.hostName, schedule: d.schedule, updated_at: new Date(d.at) })
      .onConflict((conflict) =>
        conflict
          .column('host_user_id')
          .doUpdateSet((eb) => ({ host_name: eb.ref('excluded.host_name'), schedule: eb.ref('excluded.schedule'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }
}
