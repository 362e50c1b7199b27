import type { Decider } from './decider';
import { fold } from './decider';

type Event = { type: 'CounterIncremented'; data: { by: number } };
const counter: Decider<{ by: number }, Event, number> = {
  initialState: () => 0,
  evolve: (state, event) => state + event.data.by,
  decide: (command) => [{ type: 'CounterIncremented', data: { by: command.by } }],
};

describe('fold', () => {
  it('evolves the initial state through the events in order', () => {
    expect(fold(counter, [])).toBe(0);
    expect(fold(counter, [counter.decide({ by: 2 }, 0)[0]!, counter.decide({ by: 3 }, 2)[0]!])).toBe(5);
  });
});
