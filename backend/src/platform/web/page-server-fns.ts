import type { Request, Response } from 'express';
import type { Envelope, ServerFnContract } from '../../../../contracts/server-fn';
import type { RequestContext } from '../common/request-context';

/**
 * The server functions a page's loaders call while it is rendered, run in-process for the request
 * being rendered. Declared here and provided by the server-fn transport (ServerFnModule), so the
 * web layer reaches the transport through this token and never imports it.
 */
export interface PageServerFns {
  /** The context of `req` as its server functions would see it (request and correlation ids, log, cookies). */
  contextOf(req: Request, res: Response): RequestContext;
  call(contract: ServerFnContract, input: unknown, context: RequestContext): Promise<{ status: number; envelope: Envelope }>;
}

export const PAGE_SERVER_FNS = Symbol('PAGE_SERVER_FNS');
