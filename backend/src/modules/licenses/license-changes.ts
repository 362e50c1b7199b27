import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { rootLogger } from '../../platform/common/logger';
import { within } from '../../platform/common/within';
import { NotificationListener } from '../../platform/database/notification-listener';

/** LicensesProjector notifies here, in the transaction that changes a license's read models. */
export const LICENSE_CHANGES_CHANNEL = 'license_changes';

/** One license whose keys may now answer differently, or `null`: any may (changes were missed). */
export type LicenseChangeListener = (licenseId: string | null) => void;

/** Publishing waits this long for Redis at most; past it the change is heard through the projector's notification. */
const PUBLISH_TIMEOUT_MS = 2_000;
/** A lookup waits this long for the generation at most; past it, it reads the license afresh and remembers nothing. */
const GENERATION_TIMEOUT_MS = 500;

/**
 * Tells every process when a license's keys, seats or standing change, two ways:
 * - the projector's notification (a LISTEN connection, see NotificationListener), heard a few
 *   milliseconds after any change commits, whichever process or worker made it;
 * - a shared generation in Redis, which `publish` moves before the command that made the change
 *   answers: a lookup compares it with the one its remembered answer was read under, so from that
 *   moment no api anywhere answers from memory what the change made out of date.
 */
export class LicenseChanges {
  private readonly notifications: NotificationListener;
  private readonly generationKey: string;

  constructor(
    connectionString: string,
    private readonly redis: Redis,
    queuePrefix: string,
  ) {
    this.notifications = new NotificationListener(connectionString, LICENSE_CHANGES_CHANNEL);
    this.generationKey = `${queuePrefix}:license-lookup:generation`;
  }

  get listening(): boolean {
    return this.notifications.listening;
  }

  /** Resolves once listening (or once the first attempt failed: it keeps retrying meanwhile). */
  start(): Promise<void> {
    return this.notifications.start();
  }

  onChange(listener: LicenseChangeListener): () => void {
    return this.notifications.onNotification(listener);
  }

  /**
   * A change this process has just made, its projection awaited: every process's remembered
   * answers are out of date once this resolves. If Redis cannot be reached, the others hear it
   * from the projector's notification instead (and cannot answer plugin checks without Redis).
   */
  async publish(licenseId: string): Promise<void> {
    this.notifications.emit(licenseId);
    try {
      await within(this.redis.set(this.generationKey, randomUUID()), PUBLISH_TIMEOUT_MS, 'publishing a license change');
    } catch (error) {
      rootLogger().warn({ err: error, licenseId }, 'a license change could not be published to the other api processes');
    }
  }

  /**
   * The shared generation now; a remembered answer holds only while it stays the same. `null`
   * when there is none (Redis emptied) or Redis cannot be reached: nothing may be remembered then.
   */
  async generation(): Promise<string | null> {
    try {
      const generation = await within(this.redis.get(this.generationKey), GENERATION_TIMEOUT_MS, 'reading the license lookups generation');
      // After Redis lost it: a fresh one, which no answer remembered before can match.
      if (generation === null) await this.redis.set(this.generationKey, randomUUID(), 'NX');
      return generation;
    } catch {
      return null;
    }
  }

  stop(): Promise<void> {
    return this.notifications.stop();
  }
}
