import net from "node:net";

/**
 * A small TCP proxy between the shop and its Postgres, so a test can cut the database off and bring
 * it back without touching the shared server. Modes:
 * - "up": bytes flow both ways;
 * - "down": every open connection is cut and new ones are refused (the listener is closed);
 * - "hold": connections stay open, but bytes from the shop are kept back until `release()`.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private held: Array<() => void> = [];
  private holding = false;
  private heldWaiters: Array<() => void> = [];
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => this.connect(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  private connect(client: net.Socket) {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.on("data", (chunk) => {
      if (this.holding) {
        client.pause();
        this.held.push(() => {
          upstream.write(chunk);
          client.resume();
        });
        for (const wake of this.heldWaiters.splice(0)) wake();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }

  /** Cuts every connection and stops listening: the shop's connects are refused. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    // Cut first: close() only calls back once every connection is gone.
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Cuts every open connection, as a database restart does, and goes on accepting new ones. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    if (!this.server) await this.start(this.port);
  }

  /** Keeps back what the shop sends from now on. */
  hold(): void {
    this.holding = true;
  }

  /** Resolves once something the shop sent is being held. */
  waitForHeld(): Promise<void> {
    if (this.held.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }

  release(): void {
    this.holding = false;
    for (const send of this.held.splice(0)) send();
  }

  async close(): Promise<void> {
    this.release();
    await this.down();
  }
}
