import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { acceptedCorrelationId } from '../events/metadata-for';
import { rootLogger } from '../platform/common/logger';
import type { ServerFnContext } from './server-fn-context';

type LoggedRequest = Request & { id?: string | number; log?: Logger };

export function contextFromRequest(req: Request, res: Response): ServerFnContext {
  const logged = req as LoggedRequest;
  const requestId = logged.id === undefined ? randomUUID() : String(logged.id);
  return {
    requestId,
    correlationId: correlationIdOf(req, requestId),
    headers: req.headers,
    ip: req.ip,
    log: logged.log ?? rootLogger().child({ reqId: requestId }),
    response: { cookie: (name, value, options) => void res.cookie(name, value, options) },
  };
}

const correlationIds = new WeakMap<object, string>();

/**
 * The chain this request's events belong to: a well-formed `x-correlation-id` the caller sent
 * (a client tying several requests together), else the request's own id (itself a well-formed
 * `x-request-id`, or made by the logger). One id per request however often it is asked for.
 */
export function correlationIdOf(req: Pick<Request, 'headers'>, requestId = String((req as LoggedRequest).id ?? '')): string {
  let id = correlationIds.get(req);
  if (id === undefined) {
    id = acceptedCorrelationId([req.headers['x-correlation-id'], requestId], randomUUID);
    correlationIds.set(req, id);
  }
  return id;
}
