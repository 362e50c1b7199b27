import type { AccountLog } from './account-log';

/** Each of an account's streams, with the version it was read to. */
export type StreamVersions = ReadonlyMap<string, number>;

/**
 * The logs of the accounts looked at last, each with the version of every stream it was read to.
 * Streams only grow, one version per event: with every version the same now, the kept log is the
 * account's whole history; with some grown, only what follows them is missing. Bounded by events held.
 */
export class AccountLogCache {
  private readonly entries = new Map<string, { versions: StreamVersions; log: AccountLog }>();

  constructor(private readonly maxEvents = 50_000) {}

  /** The kept log, and the streams that have grown since (each with the version it was read to); none kept, undefined. */
  get(userId: string, now: StreamVersions): { log: AccountLog; grown: StreamVersions } | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    const grown = new Map<string, number>();
    for (const [stream, version] of now) {
      const read = entry.versions.get(stream) ?? 0;
      if (version < read) return undefined;
      if (version > read) grown.set(stream, read);
    }
    // Last used last: Map keeps insertion order, so the first key is the one unused longest.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return { log: entry.log, grown };
  }

  set(userId: string, versions: StreamVersions, log: AccountLog): void {
    this.entries.delete(userId);
    if (log.events.length > this.maxEvents) return;
    this.entries.set(userId, { versions, log });
    let held = [...this.entries.values()].reduce((sum, entry) => sum + entry.log.events.length, 0);
    for (const [key, entry] of this.entries) {
      if (held <= this.maxEvents) break;
      this.entries.delete(key);
      held -= entry.log.events.length;
    }
  }
}
