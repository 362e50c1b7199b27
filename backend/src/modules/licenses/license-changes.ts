import { Client } from 'pg';

/** LicensesProjector notifies here, in the transaction that changes a license's read models. */
export const LICENSE_CHANGES_CHANNEL = 'license_changes';

/** One license whose keys may now answer differently, or `null`: any may (changes were missed). */
export type LicenseChangeListener = (licenseId: string | null) => void;

/**
 * Tells this process when a license's keys, seats or standing change anywhere: a LISTEN connection
 * (opened by the first `start`, reopened if it drops) on the channel LicensesProjector notifies,
 * and `changedHere` for the change this process has just made, which is seen before the call
 * that made it returns. While not listening, changes can be missed: `listening` says so, and a
 * reconnection tells the listeners that anything may have changed.
 */
export class LicenseChanges {
  private client?: Client;
  private connecting?: Promise<void>;
  private readonly listeners = new Set<LicenseChangeListener>();
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(private readonly connectionString: string) {}

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

  onChange(listener: LicenseChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changedHere(licenseId: string): void {
    this.emit(licenseId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private emit(licenseId: string | null): void {
    for (const listener of this.listeners) listener(licenseId);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === LICENSE_CHANGES_CHANNEL) this.emit(message.payload || null);
    });
    client.on('error', () => {
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${LICENSE_CHANGES_CHANNEL}`);
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
