/**
 * Waiting on signals. Every poll here checks a real condition and gives up at a deadline; none
 * of these pauses for a fixed time. A test that must let time pass says why beside its own wait
 * (backend/src/test-waits.spec.ts counts those and keeps them few).
 */

/** How long a poll rests between two checks: short, so a condition that holds is seen at once. */
const POLL_MS = 20;

const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A value for a failure message; positions are bigints, which JSON cannot write. */
const shown = (value: unknown) => (JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value)).slice(0, 2000);

/** Polls `check` until it holds; fails with `what` if it does not within `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000, everyMs = POLL_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await rest(everyMs);
  }
}

/** Reads a value until it is `ok`, and returns it; fails with `what` and the last value read if it never is. */
export async function eventually<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 20_000, everyMs = POLL_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}; last value: ${shown(value)}`);
    await rest(everyMs);
  }
}

/** Settles as `promise` does, or rejects with `failure` once `timeoutMs` pass first. */
export async function within<T>(promise: Promise<T>, timeoutMs: number, failure: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(failure)), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
