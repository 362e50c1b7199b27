import { Injectable } from '@nestjs/common';

/**
 * A kind of stream: the prefix its module's stream-id helper gives every id (`license-` for
 * licenseStreamId), the module that owns it, and the label pages that list streams file it under.
 */
export interface StreamKind {
  readonly prefix: string;
  readonly module: string;
  readonly label: string;
}

/** The kinds of stream this deployment appends to; feature modules add theirs at start-up, as they register their events. */
@Injectable()
export class StreamKinds {
  // Longest prefix first, so `license-devices-` wins over `license-`.
  private kinds: readonly StreamKind[] = [];

  add(...kinds: readonly StreamKind[]): this {
    for (const kind of kinds) {
      const known = this.kinds.find((k) => k.prefix === kind.prefix);
      if (known && known.module !== kind.module) throw new Error(`Streams named ${kind.prefix}… are claimed by ${known.module} and ${kind.module}`);
      if (!known) this.kinds = [...this.kinds, kind].sort((a, b) => b.prefix.length - a.prefix.length);
    }
    return this;
  }

  /** The kind of a stream by the longest registered prefix of its id, or null for a stream no module registered. */
  of(streamId: string): StreamKind | null {
    return this.kinds.find((kind) => streamId.startsWith(kind.prefix)) ?? null;
  }

  all(): readonly StreamKind[] {
    return this.kinds;
  }
}
