import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';
import { LICENSE_SEALING_SECRET } from '../license-sealing-secret';
import { newLicenseKey } from './new-license-key';

export class AssignSeat extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly owner: { userId: string; name: string },
    readonly planTitle: string,
    readonly email: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The owner gives a seat, with its own key, to someone by email. */
@CommandHandler(AssignSeat)
export class AssignSeatHandler implements ICommandHandler<AssignSeat, CommandOutcome<LicenseState>> {
  constructor(
    private readonly store: EventStore,
    @Inject(LICENSE_SEALING_SECRET) private readonly sealingSecret: string,
  ) {}

  execute({ licenseId, owner, planTitle, email, metadata }: AssignSeat): Promise<CommandOutcome<LicenseState>> {
    const command = {
      type: 'AssignSeat' as const,
      ownerUserId: owner.userId,
      ownerName: owner.name,
      planTitle,
      email,
      seatKey: newLicenseKey(this.sealingSecret),
      at: new Date().toISOString(),
    };
    return runCommand({ store: this.store, streamId: licenseStreamId(licenseId), decider: licenseDecider, command, metadata });
  }
}
