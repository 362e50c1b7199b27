import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider, type LicenseState } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';
import { LICENSE_SEALING_SECRET } from '../license-sealing-secret';
import { newLicenseKey } from './new-license-key';

export class RotateLicenseKey extends Command<CommandOutcome<LicenseState>> {
  constructor(
    readonly licenseId: string,
    readonly ownerUserId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The owner replaces the license's key; the old one is refused from that moment. */
@CommandHandler(RotateLicenseKey)
export class RotateLicenseKeyHandler implements ICommandHandler<RotateLicenseKey, CommandOutcome<LicenseState>> {
  constructor(
    private readonly store: EventStore,
    @Inject(LICENSE_SEALING_SECRET) private readonly sealingSecret: string,
  ) {}

  execute({ licenseId, ownerUserId, metadata }: RotateLicenseKey): Promise<CommandOutcome<LicenseState>> {
    const command = { type: 'RotateLicenseKey' as const, ownerUserId, key: newLicenseKey(this.sealingSecret), at: new Date().toISOString() };
    return runCommand({ store: this.store, streamId: licenseStreamId(licenseId), decider: licenseDecider, command, metadata });
  }
}
