import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { availabilityDecider, type HostSchedule } from '../availability.decider';
import { hostAvailabilityStreamId } from '../availability.events';

export class OpenHostAvailability extends Command<{ opened: boolean }> {
  constructor(
    readonly host: { userId: string; name: string },
    readonly schedule: HostSchedule,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/**
 * Gives a host their first hours, once: the decider records nothing when the stream has any, and
 * two processes racing to open them meet at the stream's version (the loser re-reads, finds the
 * winner's hours and changes nothing). Unlike a save it does not wait for the read model: it
 * runs at boot, where nothing reads it back.
 */
@CommandHandler(OpenHostAvailability)
export class OpenHostAvailabilityHandler implements ICommandHandler<OpenHostAvailability, { opened: boolean }> {
  constructor(private readonly store: EventStore) {}

  async execute({ host, schedule, metadata }: OpenHostAvailability): Promise<{ opened: boolean }> {
    const outcome = await runCommand({
      store: this.store,
      streamId: hostAvailabilityStreamId(host.userId),
      decider: availabilityDecider,
      command: { type: 'OpenHostAvailability', hostUserId: host.userId, hostName: host.name, schedule, at: new Date().toISOString() },
      metadata,
    });
    return { opened: outcome.status === 'appended' };
  }
}
