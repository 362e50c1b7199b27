import { Client } from 'pg';
import { typesInPayload } from './appended-types';
import { EVENTS_CHANNEL } from './event-store';

/** Told the types committed, or null when any may have been. */
export type AppendListener = (types: ReadonlySet<string> | null) => void;

/**
 * One LISTEN connection that wakes projectors the moment an append commits, telling them which
 * types were committed. If it drops, it
 * reconnects; projectors poll meanwhile, so a lost notification only costs latency.
 */
export class EventNotifier {
  private client?: Client;
  private readonly listeners = new Set<AppendListener>();
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(private readonly connectionString: string) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch(() => this.scheduleReconnect());
  }

  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      const types = typesInPayload(message.payload);
      this.listeners.forEach((listener) => listener(types));
    });
    client.on('error', () => {
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect().catch(() => this.scheduleReconnect()), 1_000);
  }
}
