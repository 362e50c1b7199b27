import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';

export class RemoveSeat extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly ownerUserId: string,
    readonly email: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The owner takes a seat back; its key is refused from then on. */
@CommandHandler(RemoveSeat)
export class RemoveSeatHandler implements ICommandHandler<RemoveSeat, CommandOutcome<LicenseState>> {
  constructor(private readonly store: EventStore) {}

  execute({ licenseId, ownerUserId, email, metadata }: RemoveSeat): Promise<CommandOutcome<LicenseState>> {
    return runCommand({
      store: this.store,
      streamId: licenseStreamId(licenseId),
      decider: licenseDecider,
      command: { type: 'RemoveSeat', ownerUserId, email, at: new Date().toISOString() },
      metadata,
    });
  }
}
