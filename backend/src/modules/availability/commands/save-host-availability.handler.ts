import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { runCommand, StreamStateCache } from '../../../events/command-runner';
import { requestMetadata } from '../../../events/metadata-for';
import { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { availabilityDecider, type AvailabilityState, type HostSchedule } from '../availability.decider';
import { hostAvailabilityStreamId } from '../availability.events';

export class SaveHostAvailability extends Command<{ updatedAt: string }> {
  constructor(
    readonly host: { userId: string; name: string },
    readonly schedule: HostSchedule,
    readonly correlationId: string,
  ) {
    super();
  }
}

/** Records the host's schedule, then waits for the read model so the next read shows it. */
@CommandHandler(SaveHostAvailability)
export class SaveHostAvailabilityHandler implements ICommandHandler<SaveHostAvailability, { updatedAt: string }> {
  // Every save appends to the host's stream: the cache spares re-reading all of their past saves.
  private readonly states = new StreamStateCache<AvailabilityState>(1_000);

  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  async execute(command: SaveHostAvailability): Promise<{ updatedAt: string }> {
    const at = new Date().toISOString();
    const metadata = requestMetadata(command.correlationId, { kind: 'user', userId: command.host.userId });
    const outcome = await runCommand({
      store: this.store,
      streamId: hostAvailabilityStreamId(command.host.userId),
      decider: availabilityDecider,
      command: { type: 'SaveHostAvailability', hostUserId: command.host.userId, hostName: command.host.name, schedule: command.schedule, at },
      metadata,
      cache: this.states,
    });
    await awaitProjection(this.orm, 'AvailabilityProjector', outcome);
    return { updatedAt: at };
  }
}
