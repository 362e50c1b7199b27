import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { rootLogger } from '../common/logger';
import type { ServerFnContext } from './server-fn-context';

type LoggedRequest = Request & { id?: string | number; log?: Logger };

export function contextFromRequest(req: Request): ServerFnContext {
  const logged = req as LoggedRequest;
  const requestId = logged.id === undefined ? randomUUID() : String(logged.id);
  return { requestId, headers: req.headers, log: logged.log ?? rootLogger().child({ reqId: requestId }) };
}
