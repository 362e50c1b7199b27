import type { Projector } from './projector';
import type { RecordedEvent } from './recorded-event';

/**
 * Acts on events outside the read models (a refund, an email, a reminder job) and keeps no table.
 * It is run the way a projector is (in the worker, each event once from its checkpoint, after a
 * crash too) but is not one: a replay rebuilds read models from the start of the log, and a
 * reactor replayed would act on every event again. A reaction must be safe to repeat: a batch
 * that fails is retried from its first event.
 */
export interface Reactor<Event extends RecordedEvent = RecordedEvent> {
  readonly name: string;
  readonly eventTypes: readonly Event['type'][];
  react(event: Event): Promise<void>;
}

/** A reactor in the projection worker's terms: a projector with no tables, moving its own checkpoint. */
export function reactorAsProjector(reactor: Reactor): Projector {
  return {
    name: reactor.name,
    // Read when the worker reads the log: a reactor's types may grow while modules start.
    get eventTypes() {
      return reactor.eventTypes;
    },
    tables: [],
    apply: (event) => reactor.react(event),
  };
}
