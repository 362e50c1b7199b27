import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';

/** What a handler knows about the call: who asked and how to log about it. */
export interface ServerFnContext {
  requestId: string;
  headers: IncomingHttpHeaders;
  log: Logger;
}

export type ServerFnHandlerFn<Input = unknown, Output = unknown> = (
  input: Input,
  context: ServerFnContext,
) => Promise<Output> | Output;
