import { SESSION_CHECKOUT_STATUSES, type SessionsSearch } from '@contracts/booking/booking.contract';

/** Why /sessions cannot take its address's search: the contract's strict sessionsSearchSchema, without zod. */
export type SessionsSearchProblem = { kind: 'status' } | { kind: 'unknown-parameters'; keys: string[] } | { kind: 'not-parameters' };

export function sessionsSearchProblem(raw: unknown): SessionsSearchProblem | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { kind: 'not-parameters' };
  const { status, ...rest } = raw as Record<string, unknown>;
  if (status !== undefined && !(SESSION_CHECKOUT_STATUSES as readonly unknown[]).includes(status)) return { kind: 'status' };
  const keys = Object.keys(rest);
  return keys.length ? { kind: 'unknown-parameters', keys } : undefined;
}

/** The route's validateSearch: an address it cannot take is an error (the server answers 400). */
export function readSessionsSearch(raw: Record<string, unknown>): SessionsSearch {
  if (sessionsSearchProblem(raw)) throw new Error('The search parameters are not ones the page takes.');
  return 'status' in raw ? { status: raw.status as SessionsSearch['status'] } : {};
}
