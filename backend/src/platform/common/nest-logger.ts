import type { LoggerService } from '@nestjs/common';

/** Nest's start-up chatter: one line per module and per route mapped, useful only when debugging. */
const START_UP_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader', 'NestFactory', 'NestApplication']);

/**
 * Nest's logger with its start-up lines (about a hundred: every module loaded and every route
 * mapped) moved from info to debug, so `npm start` shows what a person needs; LOG_LEVEL=debug
 * brings them back. Everything else goes through unchanged.
 */
export class QuietStartupLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) this.debug(message, ...params);
    else this.inner.log(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose?.(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...params);
  }
}
