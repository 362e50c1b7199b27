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

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** What is wrong with the address's search, naming the parameter; undefined when it is fine. */
export function describeSessionsSearchProblem(raw: unknown): string | undefined {
  const problem = sessionsSearchProblem(raw);
  if (problem?.kind === 'unknown-parameters') {
    const keys = problem.keys.map((key) => `“${shown(key)}”`).join(', ');
    return `This page does not take ${problem.keys.length === 1 ? 'the parameter' : 'the parameters'} ${keys}. Its only parameter is status.`;
  }
  if (problem?.kind === 'status')
    return `There is no booking status “${shown((raw as { status: unknown }).status)}”. The status can be success, cancelled or error.`;
  return problem ? 'This address is not valid.' : undefined;
}

/** The route's validateSearch: an address it cannot take is an error (the server answers 400). */
export function readSessionsSearch(raw: Record<string, unknown>): SessionsSearch {
  const problem = describeSessionsSearchProblem(raw);
  if (problem) throw new Error(problem);
  return 'status' in raw ? { status: raw.status as SessionsSearch['status'] } : {};
}
