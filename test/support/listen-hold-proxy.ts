import { connect, createServer, type Server, type Socket } from 'node:net';

interface Listener {
  client: Socket;
  upstream: Socket;
  /** What Postgres sent while held. */
  held: Buffer[];
  acknowledged: boolean;
}

/**
 * A TCP hop in front of Postgres that can hold back what Postgres sends to the connections that
 * LISTEN on one channel (told apart by the `listen <channel>` they send), while every other
 * connection flows as usual: an app behind it keeps querying but hears no notifications until
 * `release`. For tests of what must hold without the notifications (a change seen at once).
 */
export class ListenHoldProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly listeners = new Set<Listener>();
  private holding = false;
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly channel: string,
  ) {}

  async start(): Promise<number> {
    const marker = Buffer.from(`listen ${this.channel}`);
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      let listener: Listener | undefined;
      client.on('data', (chunk: Buffer) => {
        if (!listener && chunk.includes(marker)) {
          listener = { client, upstream, held: [], acknowledged: false };
          this.listeners.add(listener);
          client.on('close', () => this.listeners.delete(listener!));
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (listener && this.holding) return void listener.held.push(chunk);
        client.write(chunk);
        // What reaches it after its LISTEN is the acknowledgement first (nothing else is asked on that connection).
        if (listener) listener.acknowledged = true;
      });
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  /** How many connections behind it listen on the channel, their LISTEN acknowledged. */
  get listening(): number {
    return [...this.listeners].filter((listener) => listener.acknowledged).length;
  }

  /** From now on, what Postgres sends the listening connections waits here. */
  hold(): void {
    this.holding = true;
  }

  /** Delivers what was held, in order, and lets it flow again. */
  release(): void {
    this.holding = false;
    for (const listener of this.listeners) {
      if (listener.held.length === 0) continue;
      for (const chunk of listener.held.splice(0)) listener.client.write(chunk);
      listener.acknowledged = true;
    }
  }

  /** Drops the listening connections (what was held is lost with them), as a network failure would. */
  dropListeners(): void {
    for (const listener of this.listeners) for (const socket of [listener.client, listener.upstream]) socket.destroy();
    this.listeners.clear();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
