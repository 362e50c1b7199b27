import type { Decider } from './decider';
import type { EventMetadata } from './event-metadata';
import type { NewEvent } from './event-registry';
import type { AppendResult, EventStore } from './event-store';
import { StreamVersionConflictError } from './event-store.errors';

export type CommandOutcome<State> =
  | (Extract<AppendResult, { status: 'appended' }> & { state: State; events: NewEvent[] })
  | (Extract<AppendResult, { status: 'already-recorded' }> & { state: State })
  | { status: 'unchanged'; state: State };

/**
 * The folded state of streams this process wrote or read last, so a long stream (an account's
 * every debit) is read from where it was left instead of from its first event. Safe to share:
 * states are never mutated (evolve returns new ones), and a stale entry only means reading more.
 */
export class StreamStateCache<State> {
  private readonly entries = new Map<string, { state: State; version: number }>();

  constructor(private readonly max = 10_000) {}

  get(streamId: string): { state: State; version: number } | undefined {
    return this.entries.get(streamId);
  }

  set(streamId: string, state: State, version: number): void {
    if (this.entries.size >= this.max && !this.entries.has(streamId)) this.entries.clear();
    const known = this.entries.get(streamId);
    if (!known || known.version <= version) this.entries.set(streamId, { state, version });
  }
}

/**
 * Load → decide → append, with the stream version read as the expected version. A lost race
 * is retried from a fresh read up to `retries` times (then the conflict surfaces as a 409).
 * With a `cache`, only the events after the cached version are read.
 */
export async function runCommand<Command, Event extends NewEvent, State>(options: {
  store: EventStore;
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  metadata: EventMetadata;
  retries?: number;
  cache?: StreamStateCache<State>;
}): Promise<CommandOutcome<State>> {
  const { store, streamId, decider, command, metadata, retries = 3, cache } = options;
  for (let attempt = 0; ; attempt += 1) {
    const cached = cache?.get(streamId);
    const history = await store.readStream(streamId, { fromVersion: (cached?.version ?? 0) + 1 });
    let state = cached?.state ?? decider.initialState();
    let version = cached?.version ?? 0;
    for (const event of history) {
      state = decider.evolve(state, event as unknown as Event);
      version = event.streamVersion;
    }
    cache?.set(streamId, state, version);
    const events = decider.decide(command, state);
    if (events.length === 0) return { status: 'unchanged', state };
    const expected = version === 0 ? 'no-stream' : version;
    try {
      const result = await store.append(streamId, expected, events, metadata);
      if (result.status === 'already-recorded') return { ...result, state };
      const next = events.reduce((s, e) => decider.evolve(s, e), state);
      cache?.set(streamId, next, result.nextVersion);
      return { ...result, state: next, events };
    } catch (error) {
      if (error instanceof StreamVersionConflictError && attempt < retries) continue;
      throw error;
    }
  }
}
