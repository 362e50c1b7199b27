import type { IncomingHttpHeaders } from 'node:http';
import type { CookieOptions } from 'express';
import type { Logger } from 'pino';
import type { AdminCaller } from './admin-operation';

/** What a handler may add to the answer: cookies, set through express's `res.cookie`; during server rendering, the page's answer. */
export interface ResponseHeaders {
  cookie(name: string, value: string, options: CookieOptions): void;
}

/** What a handler knows about the call: who asked, from where, how to log about it, and the answer's headers. */
export interface ServerFnContext {
  requestId: string;
  /** The id every event this request appends carries as its correlation id (see metadata-for.ts). */
  correlationId: string;
  headers: IncomingHttpHeaders;
  /** The client's address (behind trusted proxies, the forwarded one). */
  ip: string | undefined;
  log: Logger;
  response: ResponseHeaders;
  /**
   * An HTML form posted before JavaScript loaded: the browser follows whatever redirect the
   * handler answers with (a 303), so a handler may answer with the page to show next.
   */
  plainForm?: boolean;
  /** For an admin operation, who the gate admitted (read it with adminCallerOf). */
  admin?: AdminCaller;
}

export type ServerFnHandlerFn<Input = unknown, Output = unknown> = (input: Input, context: ServerFnContext) => Promise<Output> | Output;
