import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { deviceDecider, type DeviceState } from '../devices.decider';
import { deviceStreamId } from '../devices.events';
import { RACE_RETRIES } from './activate-device.handler';
import { SeenDevices } from './seen-devices';

export class ReleaseDevice extends Command<CommandOutcome<DeviceState>> {
  constructor(
    readonly licenseId: string,
    readonly deviceHash: string,
    readonly byUserId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The owner frees a device's slot; the device's next validation activates it afresh. */
@CommandHandler(ReleaseDevice)
export class ReleaseDeviceHandler implements ICommandHandler<ReleaseDevice, CommandOutcome<DeviceState>> {
  constructor(
    private readonly store: EventStore,
    private readonly seen: SeenDevices,
  ) {}

  async execute({ licenseId, deviceHash, byUserId, metadata }: ReleaseDevice): Promise<CommandOutcome<DeviceState>> {
    const command = { type: 'ReleaseDevice' as const, licenseId, deviceHash, byUserId, at: new Date().toISOString() };
    const outcome = await runCommand({
      store: this.store,
      streamId: deviceStreamId(licenseId),
      decider: deviceDecider,
      command,
      metadata,
      retries: RACE_RETRIES,
    });
    this.seen.forget(licenseId, deviceHash);
    return outcome;
  }
}
