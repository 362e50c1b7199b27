import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { HostAvailabilityChanged } from '../availability.events';

/** Each host's current schedule, from which open slots are computed. */
export class AvailabilityProjector implements Projector {
  readonly name = 'AvailabilityProjector';
  readonly eventTypes = ['HostAvailabilityChanged'];
  readonly tables = ['rm_host_availability'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const d = event.data as EventData<typeof HostAvailabilityChanged>;
    await em.execute(
      `insert into rm_host_availability (host_user_id, host_name, schedule, updated_at) values (?, ?, ?::jsonb, ?)
       on conflict (host_user_id) do update set host_name = excluded.host_name, schedule = excluded.schedule, updated_at = excluded.updated_at`,
      [d.hostUserId, d.hostName, JSON.stringify(d.schedule), d.at],
    );
  }
}
