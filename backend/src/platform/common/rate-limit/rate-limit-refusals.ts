import type { Logger } from 'pino';
import { rootLogger } from '../logger';

/** How often, at most, one limiter writes its line while it goes on refusing. */
export const REFUSAL_LINE_EVERY_MS = 60_000;

/**
 * A limiter's name: the first two parts of its counter's key (`contact:ip`, `plugin:license`),
 * never the subject after them (an address, a key's hash), which stays out of logs and figures.
 */
export const limiterName = (key: string): string => key.split(':').slice(0, 2).join(':');

interface LimiterState {
  total: number;
  sinceLine: number;
  lastLineAt?: number;
  timer?: NodeJS.Timeout;
}

/**
 * Refused requests, counted per limiter for the process and logged as a sample: the first
 * refusal writes a line at once, later ones at most one line per limiter per interval with the
 * count since the last line. A flood of refused requests cannot become a flood of log lines.
 */
export class RateLimitRefusals {
  private readonly limiters = new Map<string, LimiterState>();

  constructor(
    private readonly log: () => Pick<Logger, 'warn'> = rootLogger,
    private readonly everyMs = REFUSAL_LINE_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request refused by the limit counted under `key`. */
  record(key: string): void {
    const name = limiterName(key);
    let state = this.limiters.get(name);
    if (!state) this.limiters.set(name, (state = { total: 0, sinceLine: 0 }));
    state.total += 1;
    state.sinceLine += 1;
    const now = this.now();
    if (state.lastLineAt === undefined || now - state.lastLineAt >= this.everyMs) return this.writeLine(name, state);
    // The refusals after the last line are said when the interval is over, even if none follow.
    state.timer ??= setTimeout(() => this.writeLine(name, state), state.lastLineAt + this.everyMs - now).unref();
  }

  /** Every refusal since the process started, by limiter. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.limiters].map(([name, state]) => [name, state.total]));
  }

  private writeLine(name: string, state: LimiterState): void {
    clearTimeout(state.timer);
    state.timer = undefined;
    if (state.sinceLine === 0) return;
    this.log().warn({ limiter: name, refused: state.sinceLine, refusedSinceStart: state.total }, 'rate limit refused requests');
    state.sinceLine = 0;
    state.lastLineAt = this.now();
  }
}

let processRefusals: RateLimitRefusals | undefined;

/** The process's one count of refusals: every limiter records here, /readyz reports it. */
export function rateLimitRefusals(): RateLimitRefusals {
  processRefusals ??= new RateLimitRefusals();
  return processRefusals;
}
