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
 * Load → decide → append, with the stream version read as the expected version. A lost race
 * is retried from a fresh read up to `retries` times (then the conflict surfaces as a 409).
 */
export async function runCommand<Command, Event extends NewEvent, State>(options: {
  store: EventStore;
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  metadata: EventMetadata;
  retries?: number;
}): Promise<CommandOutcome<State>> {
  const { store, streamId, decider, command, metadata, retries = 3 } = options;
  for (let attempt = 0; ; attempt += 1) {
    const history = await store.readStream(streamId);
    let state = decider.initialState();
    for (const event of history) state = decider.evolve(state, event as unknown as Event);
    const events = decider.decide(command, state);
    if (events.length === 0) return { status: 'unchanged', state };
    const expected = history.length === 0 ? 'no-stream' : history.at(-1)!.streamVersion;
    try {
      const result = await store.append(streamId, expected, events, metadata);
      if (result.status === 'already-recorded') return { ...result, state };
      const next = events.reduce((s, e) => decider.evolve(s, e), state);
      return { ...result, state: next, events };
    } catch (error) {
      if (error instanceof StreamVersionConflictError && attempt < retries) continue;
      throw error;
    }
  }
}
