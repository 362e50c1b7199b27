import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import { deviceDecider, type DeviceCommand } from '../devices.decider';
import { DeviceLimitReached } from '../devices.errors';
import { deviceStreamId, OWNER_SEAT } from '../devices.events';
import type { SentDevice } from '../device-header';

export type SeatCheck = { kind: 'active' } | { kind: 'full'; devicesPerSeat: number; slotFreeAt: string | null };

const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;
/** New devices of one license checking at once race for its stream's next version; a loser reads again and decides again. */
const RACE_RETRIES = 12;

/**
 * Device activations: a validation from a device makes sure it holds one of its seat's slots.
 * A device seen active in the last 2 s costs nothing; otherwise the command reads the license's
 * device stream and appends only for a new device. The stream's optimistic concurrency keeps
 * concurrent activations within the limit, across processes too.
 */
export class DeviceActivations {
  private readonly seen = new Map<string, number>();

  constructor(private readonly store: EventStore) {}

  async ensureActive(
    license: { licenseId: string; seatEmail: string | null; devicesPerSeat: number },
    device: SentDevice,
    pluginVersion: string | null,
    requestId: string,
  ): Promise<SeatCheck> {
    const seat = license.seatEmail ?? OWNER_SEAT;
    const cacheKey = `${license.licenseId} ${seat} ${device.hash}`;
    if ((this.seen.get(cacheKey) ?? 0) > Date.now()) return { kind: 'active' };
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
      await this.run(license.licenseId, command, { correlationId: requestId, causationId: null, actor: { kind: 'visitor' } });
    } catch (error) {
      if (error instanceof DeviceLimitReached) return { kind: 'full', devicesPerSeat: error.devicesPerSeat, slotFreeAt: error.slotFreeAt };
      throw error;
    }
    if (this.seen.size >= CACHE_MAX) this.seen.clear();
    this.seen.set(cacheKey, Date.now() + CACHE_MS);
    return { kind: 'active' };
  }

  async release(licenseId: string, deviceHash: string, byUserId: string, metadata: EventMetadata) {
    const outcome = await this.run(licenseId, { type: 'ReleaseDevice', licenseId, deviceHash, byUserId, at: new Date().toISOString() }, metadata);
    for (const key of this.seen.keys()) if (key.startsWith(`${licenseId} `) && key.endsWith(` ${deviceHash}`)) this.seen.delete(key);
    return outcome;
  }

  private run(licenseId: string, command: DeviceCommand, metadata: EventMetadata) {
    return runCommand({ store: this.store, streamId: deviceStreamId(licenseId), decider: deviceDecider, command, metadata, retries: RACE_RETRIES });
  }
}
