import type { NewEvent } from './event-registry';
import type { StreamEvents } from './stream-events';

/**
 * A pure decision function for one kind of stream: state is folded from its events with
 * `evolve`, and `decide` turns a command into new events (or throws an expected failure).
 * Neither reads the clock or the database: what they need arrives with the command.
 */
export interface Decider<Command, Event extends NewEvent, State> {
  /** The events its stream holds: what the stream is read as (any other type there is refused). */
  readonly events: StreamEvents<Event>;
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<Event extends NewEvent, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
