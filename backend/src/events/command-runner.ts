import type { Decider } from './decider';
import type { EventMetadata } from './event-metadata';
import type { NewEvent } from './event-registry';
import type { AppendResult, EventStore } from './event-store';
import { StreamVersionConflictError } from './event-store.errors';
import type { SerializedStreams } from './serialized-streams';

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
 *
 * With `serialize` instead of `store`, each attempt runs as the stream's only command across
 * every process (SerializedStreams): it reads after taking the stream's lock, so it never loses a
 * race to a command that took it too; `retries` is left for writers that do not.
 */
export async function runCommand<Command, Event extends NewEvent, State>(
  options: {
    streamId: string;
    decider: Decider<Command, Event, State>;
    command: Command;
    metadata: EventMetadata;
    retries?: number;
    cache?: StreamStateCache<State>;
  } & ({ store: EventStore; serialize?: never } | { serialize: SerializedStreams; store?: never }),
): Promise<CommandOutcome<State>> {
  const { streamId, retries = 3, cache, serialize } = options;
  const attempt = (store: EventStore) => decideAndAppend(store, options);
  for (let attempts = 0; ; attempts += 1) {
    try {
      const outcome = serialize ? await serialize.run(streamId, attempt) : await attempt(options.store!);
      // Only now: a serialized append is committed when run() resolves, and a rolled-back one must not be cached.
      if (outcome.status === 'appended') cache?.set(streamId, outcome.state, outcome.nextVersion);
      return outcome;
    } catch (error) {
      if (error instanceof StreamVersionConflictError && attempts < retries) continue;
      throw error;
    }
  }
}

async function decideAndAppend<Command, Event extends NewEvent, State>(
  store: EventStore,
  options: { streamId: string; decider: Decider<Command, Event, State>; command: Command; metadata: EventMetadata; cache?: StreamStateCache<State> },
): Promise<CommandOutcome<State>> {
  const { streamId, decider, command, metadata, cache } = options;
  const cached = cache?.get(streamId);
  const history = await store.readStream<Event>(streamId, decider.events, { fromVersion: (cached?.version ?? 0) + 1 });
  let state = cached?.state ?? decider.initialState();
  let version = cached?.version ?? 0;
  for (const event of history) {
    state = decider.evolve(state, event);
    version = event.streamVersion;
  }
  cache?.set(streamId, state, version);
  const events = decider.decide(command, state);
  if (events.length === 0) return { status: 'unchanged', state };
  const result = await store.append(streamId, version === 0 ? 'no-stream' : version, events, metadata);
  if (result.status === 'already-recorded') return { ...result, state };
  return { ...result, state: events.reduce((s, e) => decider.evolve(s, e), state), events };
}
