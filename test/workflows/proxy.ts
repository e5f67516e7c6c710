// A loopback TCP proxy a test can cut and restore: the bus station's network dropping between
// tripctl and the service. Cut, new connections are refused and open ones reset; restored, it
// listens on the same port again.
import { connect, createServer, type Server, type Socket } from 'node:net';

export class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<this> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** The network drops: nothing gets through until restore(). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async restore(): Promise<void> {
    if (!this.server) await this.start();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
