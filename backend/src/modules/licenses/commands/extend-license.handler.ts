import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';

export class ExtendLicense extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly until: string,
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Support keeps a subscription's license active until a date, beside what the subscription says. */
@CommandHandler(ExtendLicense)
export class ExtendLicenseHandler implements ICommandHandler<ExtendLicense, CommandOutcome<LicenseState>> {
  constructor(private readonly store: EventStore) {}

  execute({ licenseId, until, at, metadata }: ExtendLicense): Promise<CommandOutcome<LicenseState>> {
    return runCommand({
      store: this.store,
      streamId: licenseStreamId(licenseId),
      decider: licenseDecider,
      command: { type: 'ExtendLicense', until, at },
      metadata,
    });
  }
}
