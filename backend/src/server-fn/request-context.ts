import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { rootLogger } from '../platform/common/logger';
import type { ServerFnContext } from './server-fn-context';

type LoggedRequest = Request & { id?: string | number; log?: Logger };

export function contextFromRequest(req: Request, res: Response): ServerFnContext {
  const logged = req as LoggedRequest;
  const requestId = logged.id === undefined ? randomUUID() : String(logged.id);
  return {
    requestId,
    headers: req.headers,
    ip: req.ip,
    log: logged.log ?? rootLogger().child({ reqId: requestId }),
    response: { cookie: (name, value, options) => void res.cookie(name, value, options) },
  };
}
