import { Client } from 'pg';

/** A notification's payload, or `null`: notifications may have been missed, so anything may have changed. */
export type NotificationHandler = (payload: string | null) => void;

/**
 * One LISTEN connection on one Postgres channel, for caches that must forget what changed in any
 * process: opened by the first `start`, reopened a second after it drops. While it is down,
 * notifications are missed: `listening` says so, and every (re)connection tells the handlers
 * `null`, i.e. that anything may have changed meanwhile. A cache remembers only while listening.
 */
export class NotificationListener {
  private client?: Client;
  private connecting?: Promise<void>;
  private readonly handlers = new Set<NotificationHandler>();
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
  ) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Resolves once listening (or once the first attempt failed: it keeps retrying meanwhile). */
  start(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.connecting ??= this.connect()
      .catch(() => this.scheduleReconnect())
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  onNotification(handler: NotificationHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Tells this process's handlers, as a notification would (for a change it has just made itself). */
  emit(payload: string | null): void {
    for (const handler of this.handlers) handler(payload);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.emit(message.payload || null);
    });
    client.on('error', () => {
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Whatever changed while nobody was listening went unheard.
    this.emit(null);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.start(), 1_000);
  }
}
