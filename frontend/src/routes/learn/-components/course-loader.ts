import { isRedirect, notFound } from '@tanstack/react-router';
import { ServerFnError } from '../../../lib/server-fn-client';

/** A course or lesson that does not exist (or an address that cannot name one) is the 404 screen. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ServerFnError && (error.status === 404 || error.code === 'VALIDATION_FAILED')) throw notFound();
    throw error;
  }
}

/**
 * Every read of a page, together; when any is refused, the sign-in redirect wins over the others'
 * failures (a signed-out visitor on a lesson that cannot exist is asked to sign in, not told 404),
 * whichever answered first.
 */
export async function allReads<T extends readonly unknown[]>(reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(reads);
  const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  if (failures.length > 0) throw failures.find(isRedirect) ?? failures[0];
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
