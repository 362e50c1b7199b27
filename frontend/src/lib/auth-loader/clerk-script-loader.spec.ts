import { ClerkLoadError, loadClerkScript, LOAD_TIMEOUT_MS, MAX_RETRIES, READY_POLL_MS, retryDelay, type ScriptLoaderDeps } from './clerk-script-loader';

/** A fake clock: sleeping moves time on, nothing really waits. */
function deps(overrides: Partial<ScriptLoaderDeps> = {}) {
  let now = 0;
  const sleeps: number[] = [];
  const attempts: number[] = [];
  const value: ScriptLoaderDeps & { sleeps: number[]; attempts: number[] } = {
    sleeps,
    attempts,
    inject: async (attempt) => {
      attempts.push(attempt);
    },
    isReady: () => true,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    now: () => now,
    random: () => 0.5,
    ...overrides,
  };
  return value;
}

describe('loading the hosted sign-in script', () => {
  it('is ready after one try when the script loads and sets itself up', async () => {
    const d = deps();
    await expect(loadClerkScript(d)).resolves.toBeUndefined();
    expect(d.attempts).toEqual([0]);
  });

  it('retries up to 5 times, 125 ms apart and doubling, then fails with failed_to_load_clerk_js', async () => {
    const d = deps({ inject: async () => Promise.reject(new Error('offline')) });
    await expect(loadClerkScript(d)).rejects.toEqual(expect.objectContaining({ code: 'failed_to_load_clerk_js', message: 'Failed to load Clerk' }));
    expect(d.sleeps).toEqual([125, 250, 500, 1000, 2000]);
    expect(d.sleeps).toHaveLength(MAX_RETRIES);
  });

  it('succeeds on a retry', async () => {
    let failures = 2;
    const d = deps({ inject: async () => (failures-- > 0 ? Promise.reject(new Error('flaky')) : undefined) });
    await loadClerkScript(d);
    expect(d.sleeps).toEqual([125, 250]);
  });

  it('polls readiness every 100 ms and times out after 15 s with failed_to_load_clerk_js_timeout', async () => {
    const d = deps({ isReady: () => false });
    const error = await loadClerkScript(d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClerkLoadError);
    expect(error).toMatchObject({ code: 'failed_to_load_clerk_js_timeout' });
    expect(new Set(d.sleeps)).toEqual(new Set([READY_POLL_MS]));
    expect(d.sleeps.reduce((a, b) => a + b, 0)).toBe(LOAD_TIMEOUT_MS);
  });

  it('jitters each delay by at most a quarter', () => {
    expect(retryDelay(1, () => 0)).toBe(94);
    expect(retryDelay(1, () => 1)).toBe(156);
    expect(retryDelay(3, () => 0.5)).toBe(500);
  });
});
