/**
 * Loads the hosted sign-in script the way the spec fixes it: up to 5 retries after the first
 * try, starting 125 ms apart and doubling, with jitter; readiness polled every 100 ms; given up
 * after 15 s. The outcome is a load status the app shows: loading, then ready or error.
 */
export const LOAD_TIMEOUT_MS = 15_000;
export const RETRY_INITIAL_DELAY_MS = 125;
export const RETRY_FACTOR = 2;
export const MAX_RETRIES = 5;
export const READY_POLL_MS = 100;

export type ClerkLoadErrorCode = 'failed_to_load_clerk_js' | 'failed_to_load_clerk_js_timeout';

export class ClerkLoadError extends Error {
  constructor(readonly code: ClerkLoadErrorCode) {
    super('Failed to load Clerk');
    this.name = 'ClerkLoadError';
  }
}

export interface ScriptLoaderDeps {
  /** Inserts the script once and settles when it loads or fails. */
  inject(attempt: number): Promise<void>;
  /** True once the script has set itself up (e.g. `window.Clerk.loaded`). */
  isReady(): boolean;
  sleep(ms: number): Promise<void>;
  now(): number;
  random(): number;
}

/** The delay before retry `n` (1-based): 125 ms, 250, 500… each with up to ±25% jitter. */
export function retryDelay(retry: number, random: () => number): number {
  const base = RETRY_INITIAL_DELAY_MS * RETRY_FACTOR ** (retry - 1);
  return Math.round(base * (0.75 + random() * 0.5));
}

export async function loadClerkScript(deps: ScriptLoaderDeps): Promise<void> {
  const deadline = deps.now() + LOAD_TIMEOUT_MS;
  let injected = false;
  for (let attempt = 0; attempt <= MAX_RETRIES && !injected; attempt += 1) {
    if (attempt > 0) await deps.sleep(retryDelay(attempt, deps.random));
    if (deps.now() >= deadline) throw new ClerkLoadError('failed_to_load_clerk_js_timeout');
    try {
      await deps.inject(attempt);
      injected = true;
    } catch {
      // try again after the next delay
    }
  }
  if (!injected) throw new ClerkLoadError('failed_to_load_clerk_js');
  while (!deps.isReady()) {
    if (deps.now() >= deadline) throw new ClerkLoadError('failed_to_load_clerk_js_timeout');
    await deps.sleep(READY_POLL_MS);
  }
}
