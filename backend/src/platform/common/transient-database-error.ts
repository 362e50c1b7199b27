/**
 * Postgres refusing or dropping connections (too many clients, starting up or shutting down, a
 * broken connection): nothing is wrong with the request, and the same request will work in a
 * moment. Such failures are answered as 503 UNAVAILABLE (clients retry those), not as a 500.
 */
const TRANSIENT_SQLSTATES = new Set(['53300', '53400', '57P01', '57P02', '57P03']);
const TRANSIENT_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

export function isTransientDatabaseError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, previous, cause } = error as { code?: unknown; previous?: unknown; cause?: unknown };
  // Class 08: connection exceptions.
  if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NETWORK_CODES.has(code))) return true;
  // MikroORM wraps the driver's error (as `previous`); others use `cause`.
  return isTransientDatabaseError(previous, depth + 1) || isTransientDatabaseError(cause, depth + 1);
}
