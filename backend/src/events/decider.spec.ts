import { z } from 'zod';
import type { Decider } from './decider';
import { fold } from './decider';
import { defineEvent } from './event-registry';

const CounterIncremented = defineEvent({ type: 'CounterIncremented', schemaVersion: 1, schema: z.object({ by: z.number() }) });
type Event = ReturnType<typeof CounterIncremented>;
const counter: Decider<{ by: number }, Event, number> = {
  events: [CounterIncremented],
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
