import type { Projector } from './projector';
import { ProjectorRegistry } from './projector-registry';

const projector = (name: string): Projector => ({ name, eventTypes: 'all', tables: [], apply: async () => undefined });

describe('ProjectorRegistry', () => {
  it('keeps the projectors modules register, by name', () => {
    const registry = new ProjectorRegistry();
    const summary = projector('StreamSummaryProjector');
    registry.register(summary);
    expect(registry.get('StreamSummaryProjector')).toBe(summary);
    expect(registry.get('Nope')).toBeUndefined();
    expect(registry.all()).toEqual([summary]);
  });

  it('refuses two projectors with one name: they would share a checkpoint', () => {
    const registry = new ProjectorRegistry();
    registry.register(projector('Licenses'));
    expect(() => registry.register(projector('Licenses'))).toThrow(/registered twice/);
  });
});
