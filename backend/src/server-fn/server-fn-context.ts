import type { RequestContext } from '../platform/common/request-context';
import type { AdminCaller } from './admin-operation';

/** What a handler knows about the call: the request's context, and what the transport learnt about it. */
export interface ServerFnContext extends RequestContext {
  /**
   * An HTML form posted before JavaScript loaded: the browser follows whatever redirect the
   * handler answers with (a 303), so a handler may answer with the page to show next.
   */
  plainForm?: boolean;
  /** For an admin operation, who the gate admitted (read it with adminCallerOf). */
  admin?: AdminCaller;
}

export type ServerFnHandlerFn<Input = unknown, Output = unknown> = (input: Input, context: ServerFnContext) => Promise<Output> | Output;
