import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();
const deviceHash = z.string().regex(/^[a-f0-9]{64}$/);

/**
 * A license's device activations live beside the license's own stream, not in it: a validation
 * never races a rotation or a seat change for the license stream's next version, and a rotation
 * leaves every activation as it was.
 */
export const deviceStreamId = (licenseId: string) => `license-devices-${licenseId}`;

/** 'owner' for the owner's own key; the seat holder's address for a seat key. */
export type DeviceSeat = string;
export const OWNER_SEAT = 'owner';

/** A device (a SHA-256 of the id the plugin keeps per vault, never the id) took one of its seat's slots. */
export const DeviceActivated = defineEvent({
  type: 'DeviceActivated',
  schemaVersion: 1,
  schema: z.object({ licenseId: z.string(), seat: z.string(), deviceHash, name: z.string().nullable(), pluginVersion: z.string().nullable(), at: iso }),
});

/** The owner released a device; its slot is free again at `slotFreeAt` (later than `at` during a cool-down). */
export const DeviceReleased = defineEvent({
  type: 'DeviceReleased',
  schemaVersion: 1,
  schema: z.object({ licenseId: z.string(), seat: z.string(), deviceHash, byUserId: z.string(), at: iso, slotFreeAt: iso }),
});

export const deviceEvents = [DeviceActivated, DeviceReleased];
export type DeviceEvent = ReturnType<(typeof deviceEvents)[number]>;
