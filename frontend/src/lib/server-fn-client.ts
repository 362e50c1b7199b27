import { notFound, redirect } from '@tanstack/react-router';
import { SERVER_FN_PREFIX, type Envelope, type ErrorBody, type ServerFnContract, type ServerFnInput, type ServerFnOutput } from '@contracts/server-fn';
import { readEnvelope } from './server-fn-envelope';

/** What one call to a server function answered, before the client interprets it. */
export interface ServerFnAnswer {
  status: number;
  envelope: Envelope;
}

export type ServerFnTransport = (contract: ServerFnContract, input: unknown) => Promise<ServerFnAnswer>;

/** A server function answered with an error envelope; branch on `code`, never on `message`. */
export class ServerFnError extends Error {
  readonly code: string;
  readonly status: number;
  readonly issues: ErrorBody['issues'];

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ServerFnError';
    this.code = body.code;
    this.status = status;
    this.issues = body.issues;
  }
}

export function serverFnUrl(contract: ServerFnContract, input: unknown): string {
  const path = `${SERVER_FN_PREFIX}/${encodeURIComponent(contract.id)}`;
  if (contract.method === 'POST') return path;
  return `${path}?payload=${encodeURIComponent(JSON.stringify(input ?? {}))}`;
}

export const fetchTransport: ServerFnTransport = async (contract, input) => {
  const response = await fetch(serverFnUrl(contract, input), {
    method: contract.method,
    credentials: 'same-origin',
    headers: contract.method === 'POST' ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
    body: contract.method === 'POST' ? JSON.stringify(input ?? {}) : undefined,
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = readEnvelope(body);
  if (!envelope) {
    return {
      status: response.status,
      envelope: {
        error: {
          code: response.status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
          message: `The server answered ${response.status} without a readable body.`,
        },
      },
    };
  }
  return { status: response.status, envelope };
};

let transport: ServerFnTransport = fetchTransport;

/** The server renderer swaps in an in-process transport; the browser keeps fetch. */
export function setServerFnTransport(next: ServerFnTransport): void {
  transport = next;
}

/**
 * Calls a server function. A redirect envelope is rethrown as a router redirect (so loaders and
 * mutations navigate), NOT_FOUND (or a 404 to a read whose code its contract does not declare) as
 * the router's not-found, anything else as ServerFnError: a declared code is one the page branches on
 * (`library.not_entitled` shows how to get the item).
 */
export async function callServerFn<C extends ServerFnContract>(contract: C, input: ServerFnInput<C>): Promise<ServerFnOutput<C>> {
  const { status, envelope } = await transport(contract, input);
  if ('redirect' in envelope) {
    const { to, search, hash, statusCode } = envelope.redirect;
    throw redirect({ to, search, hash: hash || undefined, statusCode });
  }
  if ('error' in envelope) {
    if (
      envelope.error.code === 'NOT_FOUND' ||
      (status === 404 && contract.method === 'GET' && !contract.errors.includes(envelope.error.code)) ||
      isRefusedLookup(contract, envelope.error.code)
    )
      throw notFound();
    throw new ServerFnError(status, envelope.error);
  }
  return envelope.result as ServerFnOutput<C>;
}

/**
 * A lookup (a GET that can answer NOT_FOUND) whose input was refused, such as a resource id of
 * 121 characters typed into the address bar, names something that cannot exist: the visitor
 * gets the not-found page, not the error screen. The API itself keeps answering 400.
 */
function isRefusedLookup(contract: ServerFnContract, code: string): boolean {
  return code === 'VALIDATION_FAILED' && contract.method === 'GET' && contract.errors.includes('NOT_FOUND');
}
