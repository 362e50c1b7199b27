import type { Reactor } from './reactor';
import { reactorAsProjector } from './reactor';
import { ReactorRegistry } from './reactor-registry';

const reactor = (name: string): Reactor => ({ name, eventTypes: ['CounterIncremented'], react: async () => undefined });

describe('ReactorRegistry', () => {
  it('keeps the reactors modules register', () => {
    const registry = new ReactorRegistry();
    const refunds = reactor('BookingRefundsReactor');
    registry.register(refunds);
    expect(registry.all()).toEqual([refunds]);
  });

  it('refuses two reactors with one name: they would share a checkpoint', () => {
    const registry = new ReactorRegistry();
    registry.register(reactor('Emails'));
    expect(() => registry.register(reactor('Emails'))).toThrow(/registered twice/);
  });
});

describe('a reactor run by the projection worker', () => {
  it('is a projector with no tables, reading the reactor’s event types when asked (they can grow while modules start)', () => {
    const types = ['CounterIncremented'];
    const projector = reactorAsProjector({ name: 'Emails', eventTypes: types, react: async () => undefined });
    expect(projector).toMatchObject({ name: 'Emails', tables: [] });
    types.push('NoteRenamed');
    expect(projector.eventTypes).toEqual(['CounterIncremented', 'NoteRenamed']);
  });
});
