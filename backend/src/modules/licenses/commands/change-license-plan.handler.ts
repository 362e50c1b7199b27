import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';
import { licenseTerms } from '../license-terms';

export class ChangeLicensePlan extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly resource: Resource,
    readonly quantity: number,
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The license follows its subscription to another plan or number of seats; nothing if they are the same. */
@CommandHandler(ChangeLicensePlan)
export class ChangeLicensePlanHandler implements ICommandHandler<ChangeLicensePlan, CommandOutcome<LicenseState>> {
  constructor(private readonly store: EventStore) {}

  execute({ licenseId, resource, quantity, at, metadata }: ChangeLicensePlan): Promise<CommandOutcome<LicenseState>> {
    const { plan, seats, devicesPerSeat, includedCreditsPerMonth } = licenseTerms(resource, quantity);
    const terms = { resourceId: resource.id, plan, seats, devicesPerSeat, includedCreditsPerMonth };
    return runCommand({
      store: this.store,
      streamId: licenseStreamId(licenseId),
      decider: licenseDecider,
      command: { type: 'ChangeLicensePlan', terms, at },
      metadata,
    });
  }
}
