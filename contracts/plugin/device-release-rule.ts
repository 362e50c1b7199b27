/**
 * The release cool-down, shared by the decider that applies it and the dashboard that explains it:
 * the first releases of a seat within the window free their slot at once; each further one frees
 * its slot only after the cool-down.
 */
export const FREE_RELEASES_PER_WINDOW = 2;
export const RELEASE_WINDOW_DAYS = 30;
export const COOL_DOWN_HOURS = 24;
