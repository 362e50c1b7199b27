import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { visitorMetadata } from '../../../events/metadata-for';
import { deviceDecider, type DeviceCommand } from '../devices.decider';
import { DeviceLimitReached } from '../devices.errors';
import { deviceStreamId, OWNER_SEAT } from '../devices.events';
import type { SentDevice } from '../device-header';
import { SeenDevices, seenKey } from './seen-devices';

export type SeatCheck = { kind: 'active' } | { kind: 'full'; devicesPerSeat: number; slotFreeAt: string | null };

/** New devices of one license checking at once race for its stream's next version; a loser reads again and decides again. */
export const RACE_RETRIES = 12;

export class ActivateDevice extends Command<SeatCheck> {
  constructor(
    readonly license: { licenseId: string; seatEmail: string | null; devicesPerSeat: number },
    readonly device: SentDevice,
    readonly pluginVersion: string | null,
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * A validation from a device makes sure it holds one of its seat's slots. A device seen active
 * lately costs nothing; otherwise the license's device stream is read and appended to only for a
 * new device. The stream's optimistic concurrency keeps concurrent activations within the limit,
 * across processes too.
 */
@CommandHandler(ActivateDevice)
export class ActivateDeviceHandler implements ICommandHandler<ActivateDevice, SeatCheck> {
  constructor(
    private readonly store: EventStore,
    private readonly seen: SeenDevices,
  ) {}

  async execute({ license, device, pluginVersion, correlationId }: ActivateDevice): Promise<SeatCheck> {
    const seat = license.seatEmail ?? OWNER_SEAT;
    const key = seenKey(license.licenseId, seat, device.hash);
    if (this.seen.seenLately(key)) return { kind: 'active' };
    const command: DeviceCommand = {
      type: 'ActivateDevice',
      licenseId: license.licenseId,
      seat,
      deviceHash: device.hash,
      name: device.name,
      pluginVersion: pluginVersion?.slice(0, 40) ?? null,
      devicesPerSeat: license.devicesPerSeat,
      at: new Date().toISOString(),
    };
    try {
      await runCommand({
        store: this.store,
        streamId: deviceStreamId(license.licenseId),
        decider: deviceDecider,
        command,
        metadata: visitorMetadata(correlationId),
        retries: RACE_RETRIES,
      });
    } catch (error) {
      if (error instanceof DeviceLimitReached) return { kind: 'full', devicesPerSeat: error.devicesPerSeat, slotFreeAt: error.slotFreeAt };
      throw error;
    }
    this.seen.remember(key);
    return { kind: 'active' };
  }
}
