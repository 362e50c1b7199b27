/** An event's time as the read models give it back (a timestamptz read into a Date): milliseconds, UTC. */
export const isoOf = (time: string) => new Date(time).toISOString();
