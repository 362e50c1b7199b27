import { Client } from 'pg';

export interface ChannelHandlers {
  /** A notification arrived on the channel. */
  notified(): void;
  /** LISTEN took effect (first time, or after a drop during which notifications may have been missed). */
  connected(): void;
  /** The connection dropped: until `connected`, notifications are not heard. */
  disconnected(): void;
}

/** One LISTEN connection on one Postgres channel, reconnecting every second while it is down. */
export class PgChannelListener {
  private client?: Client;
  private stopped = true;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: ChannelHandlers,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  }

  /** Whether notifications are being heard now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch(() => this.scheduleReconnect());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.dropped(client);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString, application_name: `listen ${this.channel}` });
    const lost = () => {
      this.dropped(client);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel === this.channel && this.client === client) this.handlers.notified();
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      client.removeListener('end', lost);
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.handlers.connected();
  }

  private dropped(client: Client | undefined): void {
    if (!client || this.client !== client) return;
    this.client = undefined;
    this.handlers.disconnected();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.client) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect().catch(() => this.scheduleReconnect()), 1_000);
  }
}
