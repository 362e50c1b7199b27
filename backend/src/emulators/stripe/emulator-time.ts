import { AsyncLocalStorage } from 'node:async_hooks';

const frozen = new AsyncLocalStorage<number>();

/**
 * The emulator's "now", in Unix seconds: the wall clock, or the frozen time of the test clock
 * whose objects are being changed (see `atTime`). Every object builder reads it, so invoices,
 * charges and events made while a test clock advances carry the clock's time, as on Stripe,
 * without each builder being handed a time.
 */
export const nowSeconds = (): number => frozen.getStore() ?? Math.floor(Date.now() / 1000);

/** Runs `run` with `nowSeconds()` answering `seconds` (unchanged when `seconds` is undefined). */
export function atTime<T>(seconds: number | undefined, run: () => T): T {
  return seconds === undefined ? run() : frozen.run(seconds, run);
}
