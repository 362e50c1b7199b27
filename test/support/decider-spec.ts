import type { Decider } from '../../backend/src/events/decider';
import type { NewEvent } from '../../backend/src/events/event-registry';

/** What jest's toThrow takes, and an abstract error class (a family of a module's errors). */
type ExpectedThrow = Parameters<jest.Matchers<void>['toThrow']>[0] | (abstract new (...args: never[]) => Error);

/**
 * given(events).when(...commands).then(events) / .thenThrows(error) for a pure decider.
 * Several commands run one after another on one stream, as the command runner would: `then` sees
 * every event they recorded. `givenCommands(...)` starts from what those commands recorded.
 */
export function deciderSpec<Command, Event extends NewEvent, State>(decider: Decider<Command, Event, State>) {
  const evolveAll = (state: State, events: Event[]) => events.reduce((s, e) => decider.evolve(s, e), state);
  const record = (state: State, commands: Command[]) => {
    const events: Event[] = [];
    for (const command of commands) {
      const decided = decider.decide(command, state);
      events.push(...decided);
      state = evolveAll(state, decided);
    }
    return { events, state };
  };

  const given = (history: Event[]) => {
    const state = evolveAll(decider.initialState(), history);
    return {
      when(...commands: Command[]) {
        const decide = () => record(state, commands);
        return {
          /** The events recorded; or a check of them and of the state they lead to. */
          then(expected: Event[] | ((events: Event[], state: State) => void)) {
            const outcome = decide();
            if (typeof expected === 'function') expected(outcome.events, outcome.state);
            else expect(outcome.events).toEqual(expected);
          },
          /** Refused: `detail` is the error's code, or fields the error must have. */
          thenThrows(error: ExpectedThrow, detail?: string | Record<string, unknown>) {
            expect(decide).toThrow(error as Parameters<jest.Matchers<void>['toThrow']>[0]);
            if (detail === undefined) return;
            try {
              decide();
            } catch (thrown) {
              if (typeof detail === 'string') expect((thrown as { code?: string }).code).toBe(detail);
              else expect(thrown).toMatchObject(detail);
            }
          },
        };
      },
    };
  };

  return {
    given,
    givenCommands: (...commands: Command[]) => given(record(decider.initialState(), commands).events),
  };
}
