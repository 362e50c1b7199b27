import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';

export class RevokeLicense extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly reason: 'refund' | 'dispute' | 'admin',
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** A refunded, disputed or withdrawn license stops working; revoking twice changes nothing. */
@CommandHandler(RevokeLicense)
export class RevokeLicenseHandler implements ICommandHandler<RevokeLicense, CommandOutcome<LicenseState>> {
  constructor(private readonly store: EventStore) {}

  execute({ licenseId, reason, at, metadata }: RevokeLicense): Promise<CommandOutcome<LicenseState>> {
    return runCommand({
      store: this.store,
      streamId: licenseStreamId(licenseId),
      decider: licenseDecider,
      command: { type: 'RevokeLicense', reason, at },
      metadata,
    });
  }
}
