import { DedicatedLeaderLocks, type HeldLock, type LeaderLocks } from '../../../../backend/src/events/leader-locks';
import { testDatabaseUrl } from './orm';

/**
 * A worker's own leader lock that counts the times it was refused: "a follower tried and stayed a
 * follower" is then a signal to wait on. The test closes it (a worker closes only locks it made).
 */
export class RefusalCountingLocks implements LeaderLocks {
  refusals = 0;
  private readonly inner: LeaderLocks;

  constructor(name: string) {
    this.inner = new DedicatedLeaderLocks(testDatabaseUrl(), name);
  }

  async tryLock(name: string, onLost: () => void): Promise<HeldLock | null> {
    const held = await this.inner.tryLock(name, onLost);
    if (held === null) this.refusals += 1;
    return held;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
