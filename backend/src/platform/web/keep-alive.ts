import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) is shorter than a proxy's
 * or a client's own idle limit (nginx upstream: 60 s), so the api would close a connection just as
 * the other side sends its next request on it, and that request fails ("other side closed"; a 502
 * for a POST the proxy may not retry). The side that sends must be the one that closes: the api waits longer.
 */
export const IDLE_CONNECTION_MS = 65_000;

/** While the server stops, how often connections that went idle (their last answer sent) are closed. */
const STOPPING_SWEEP_MS = 100;

export function outlastClientIdleLimits(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // The 65 s are for a running server. Stopping, close() closes the connections idle at that moment,
  // but one answering a request then would stay open its 65 s and hold the shutdown up: each is
  // closed as soon as it is idle.
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    const sweep = setInterval(() => server.closeIdleConnections(), STOPPING_SWEEP_MS);
    server.once('close', () => clearInterval(sweep));
    return close(callback);
  };
}
