import { SESSION_CHECKOUT_STATUSES, type SessionsSearch } from '@contracts/booking/booking.contract';

/**
 * Why /sessions cannot take its address's search: a status that is not one (spec: an error).
 * Parameters the page does not take (`utm_*` on every campaign link) are left out, as on every page;
 * the server function itself stays strict.
 */
export type SessionsSearchProblem = { kind: 'status' } | { kind: 'not-parameters' };

export function sessionsSearchProblem(raw: unknown): SessionsSearchProblem | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { kind: 'not-parameters' };
  const { status } = raw as Record<string, unknown>;
  if (status !== undefined && !(SESSION_CHECKOUT_STATUSES as readonly unknown[]).includes(status)) return { kind: 'status' };
  return undefined;
}

/** The route's validateSearch: an address it cannot take is an error (the server answers 400). */
export function readSessionsSearch(raw: Record<string, unknown>): SessionsSearch {
  if (sessionsSearchProblem(raw)) throw new Error('The search parameters are not ones the page takes.');
  return 'status' in raw ? { status: raw.status as SessionsSearch['status'] } : {};
}
