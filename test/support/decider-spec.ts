import type { Decider } from '../../backend/src/events/decider';
import type { NewEvent } from '../../backend/src/events/event-registry';

/** given(events).when(command).then(events) / .thenThrows(error) for a pure decider. */
export function deciderSpec<Command, Event extends NewEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: Event[]) {
      const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(decide()).toEqual(expected);
            },
            thenThrows(error: new (...args: never[]) => Error, code?: string) {
              expect(decide).toThrow(error);
              if (code) {
                try {
                  decide();
                } catch (thrown) {
                  expect((thrown as { code?: string }).code).toBe(code);
                }
              }
            },
          };
        },
      };
    },
  };
}
