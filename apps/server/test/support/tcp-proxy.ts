import net from 'node:net';

/**
 * A TCP relay in front of a service, to take the service away from a server under test and give it
 * back, without stopping a service other tests share. `cut()` closes every relayed connection and
 * refuses new ones, as a stopped database would; `restore()` accepts again on the same port.
 * `freeze()` keeps every connection open and takes new ones but relays nothing, as a hung database
 * (or a dropped network) would; `thaw()` relays again what was held.
 */
export class TcpProxy {
  private server: net.Server;
  private sockets = new Set<net.Socket>();
  private frozen = false;
  port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = this.makeServer();
  }

  static async open(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.listen(0);
    return proxy;
  }

  private makeServer(): net.Server {
    return net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      if (this.frozen) for (const socket of [client, upstream]) socket.pause();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Relays nothing more: both directions of every connection, and of new ones, are held. */
  freeze(): void {
    this.frozen = true;
    for (const socket of this.sockets) socket.pause();
  }

  thaw(): void {
    this.frozen = false;
    for (const socket of this.sockets) socket.resume();
  }

  async restore(): Promise<void> {
    this.server = this.makeServer();
    await this.listen(this.port);
  }

  close(): Promise<void> {
    return this.cut().catch(() => undefined);
  }
}
