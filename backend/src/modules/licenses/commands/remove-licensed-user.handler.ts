import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';

export class RemoveLicensedUser extends Command<CommandOutcome<LicenseState>> {
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
@CommandHandler(RemoveLicensedUser)
export class RemoveLicensedUserHandler implements ICommandHandler<RemoveLicensedUser, CommandOutcome<LicenseState>> {
  constructor(private readonly store: EventStore) {}

  execute({ licenseId, ownerUserId, email, metadata }: RemoveLicensedUser): Promise<CommandOutcome<LicenseState>> {
    return runCommand({
      store: this.store,
      streamId: licenseStreamId(licenseId),
      decider: licenseDecider,
      command: { type: 'RemoveLicensedUser', ownerUserId, email, at: new Date().toISOString() },
      metadata,
    });
  }
}
