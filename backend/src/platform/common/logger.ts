import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/config.schema';

let root: Logger | undefined;

type LoggerConfig = Pick<AppConfig, 'LOG_LEVEL' | 'LOG_PRETTY'>;

/**
 * Human-readable lines for a person at a terminal, JSON lines for everything else (a log
 * collector, a pipe, a file); LOG_PRETTY, when set, decides instead.
 */
export function wantsPrettyLogs(logPretty: boolean | undefined, stdoutIsTerminal: boolean): boolean {
  return logPretty ?? stdoutIsTerminal;
}

export function loggerOptions(config: LoggerConfig, stdoutIsTerminal = Boolean(process.stdout.isTTY)): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-license-key"]'], censor: '[redacted]' },
    ...(wantsPrettyLogs(config.LOG_PRETTY, stdoutIsTerminal)
      ? { transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
}

/** The process-wide logger: JSON lines on stdout, or pretty ones at a terminal. */
export function rootLogger(config?: LoggerConfig): Logger {
  if (!root) root = pino(loggerOptions(config ?? { LOG_LEVEL: 'info', LOG_PRETTY: false }));
  return root;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/** Keeps a caller's well-formed x-request-id (so traces join up), otherwise makes one. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

/**
 * A warning for errors a client keeps retrying on its own (a Redis reconnecting): one line per
 * `everyMs` is enough to say why something is not ready.
 */
export function throttledWarning(message: string, everyMs = 30_000): (error: Error) => void {
  let lastLogged = 0;
  return (error) => {
    if (Date.now() - lastLogged < everyMs) return;
    lastLogged = Date.now();
    rootLogger().warn({ err: error.message }, message);
  };
}
