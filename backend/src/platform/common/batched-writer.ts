/**
 * Collects rows written on a hot path and writes them in one statement every `intervalMs` (or
 * when `batchSize` are waiting), so a burst of requests costs one query per batch instead of a
 * pooled connection each. Bounded: past `maxPending` new rows are dropped and counted, so a flood
 * cannot grow memory or starve the pool. For operational logs, not for facts (those are events).
 */
export class BatchedWriter<Row> {
  private pending: Row[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly write: (rows: Row[]) => Promise<void>,
    private readonly options: { intervalMs: number; batchSize: number; maxPending: number; onError: (error: unknown, rows: number) => void },
  ) {}

  add(row: Row): void {
    if (this.pending.length >= this.options.maxPending) {
      this.dropped += 1;
      return;
    }
    this.pending.push(row);
    if (this.pending.length >= this.options.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  /** Writes what is waiting (after any write in progress); resolves when it is written or given up. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(async () => {
      if (rows.length === 0) return;
      try {
        await this.write(rows);
      } catch (error) {
        this.options.onError(error, rows.length);
      }
    });
    return this.flushing;
  }
}
