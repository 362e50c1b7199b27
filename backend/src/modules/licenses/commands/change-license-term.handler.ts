import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';

export class ChangeLicenseTerm extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly status: 'active' | 'past_due' | 'ended',
    readonly validUntil: string | null,
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The license follows its subscription's status and paid-up period. */
@CommandHandler(ChangeLicenseTerm)
export class ChangeLicenseTermHandler implements ICommandHandler<ChangeLicenseTerm, CommandOutcome<LicenseState>> {
  constructor(private readonly store: EventStore) {}

  execute({ licenseId, status, validUntil, at, metadata }: ChangeLicenseTerm): Promise<CommandOutcome<LicenseState>> {
    return runCommand({
      store: this.store,
      streamId: licenseStreamId(licenseId),
      decider: licenseDecider,
      command: { type: 'ChangeLicenseTerm', status, validUntil, at },
      metadata,
    });
  }
}
