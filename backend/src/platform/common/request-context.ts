import type { IncomingHttpHeaders } from 'node:http';
import type { CookieOptions } from 'express';
import type { Logger } from 'pino';

/** What a handler may add to the answer: cookies, set through express's `res.cookie`; during server rendering, the page's answer. */
export interface ResponseHeaders {
  cookie(name: string, value: string, options: CookieOptions): void;
}

/** One request as the code answering it knows it: who asked, from where, how to log about it, and the answer's headers. */
export interface RequestContext {
  requestId: string;
  /** The id every event this request appends carries as its correlation id (see events/metadata-for.ts). */
  correlationId: string;
  headers: IncomingHttpHeaders;
  /** The client's address (behind trusted proxies, the forwarded one). */
  ip: string | undefined;
  log: Logger;
  response: ResponseHeaders;
}
