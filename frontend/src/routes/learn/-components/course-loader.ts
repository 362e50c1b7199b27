import { notFound } from '@tanstack/react-router';
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
