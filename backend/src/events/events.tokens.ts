/** The pg pool the event store reads and appends with (MikroORM keeps its own for read models). */
export const EVENTS_POOL = Symbol('EVENTS_POOL');
