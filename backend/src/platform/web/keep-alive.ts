import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) is shorter than a proxy's
 * or a client's own idle limit (nginx upstream: 60 s), so the api would close a connection just as
 * the other side sends its next request on it, and that request fails ("other side closed"; a 502
 * for a POST the proxy may not retry). The side that sends must be the one that closes: the api waits longer.
 */
export const IDLE_CONNECTION_MS = 65_000;

export function outlastClientIdleLimits(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
}
