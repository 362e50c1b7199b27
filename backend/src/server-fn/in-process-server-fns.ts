import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Envelope, ServerFnContract } from '../../../contracts/server-fn';
import type { RequestContext } from '../platform/common/request-context';
import { PAGE_SERVER_FNS, type PageServerFns } from '../platform/web/page-server-fns';
import { contextFromRequest } from './request-context';
import { ServerFnInvoker } from './server-fn.invoker';

/** Server functions called by a page's loaders during server rendering: the same invoker as the HTTP transport, without the wire. */
@Injectable()
export class InProcessServerFns implements PageServerFns {
  constructor(private readonly invoker: ServerFnInvoker) {}

  contextOf(req: Request, res: Response): RequestContext {
    return contextFromRequest(req, res);
  }

  call(contract: ServerFnContract, input: unknown, context: RequestContext): Promise<{ status: number; envelope: Envelope }> {
    return this.invoker.invoke(contract.id, contract.method, input, context);
  }
}

export const pageServerFnsProvider = { provide: PAGE_SERVER_FNS, useClass: InProcessServerFns };
