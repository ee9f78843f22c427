import { Server as NetServer } from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How often the drain looks whether the last HTTP socket has gone. */
const POLL_MS = 50;
/**
 * Once no request is in flight, how long idle kept-alive sockets are left for their clients to
 * close: past the 5 s after which the shipped nginx sites close theirs. A client that keeps one
 * longer (a browser or a probe connected directly, which may hold one for a minute) is not waited
 * for: close() then closes the idle sockets.
 */
export const IDLE_SOCKET_WAIT_MS = 6_000;

/**
 * The HTTP side of a node's drain before a restart (SIGTERM). Behind a load balancer that keeps
 * sockets alive to the node, a request may be on its way on an idle kept-alive socket at the moment
 * the node closes it; nginx does not retry a POST that met a closed socket, so the client would get
 * a 502. So a draining node never closes a socket itself while it can help it:
 *
 * - it stops listening, so a new connection is refused and the balancer tries another node (a
 *   refused connection carries no request, so even a POST is retried safely);
 * - every answer from then on says `Connection: close`, so the balancer does not reuse the socket;
 * - an idle kept-alive socket is left for the balancer to close (the shipped nginx sites close theirs
 *   after 5 s idle, well within SHUTDOWN_GRACE_MS); a request arriving on it meanwhile is served.
 *   Requests in flight are waited for until the deadline.
 *
 * Fastify's own close answers 503 on kept-alive sockets and Node's closes idle ones: both come only
 * after the drain, when the sockets are gone or the time is up.
 */
export class HttpDrain {
  private draining = false;
  private begunAt = 0;
  private inFlight = 0;

  /** Installs the `Connection: close` of answers sent while draining (before any route is added). */
  constructor(http: FastifyInstance) {
    http.addHook('onSend', (_request, reply, payload, done) => {
      if (this.draining && !reply.raw.headersSent) void reply.header('connection', 'close');
      done(null, payload);
    });
    http.server.on('request', (_request, response: ServerResponse) => {
      this.inFlight++;
      response.once('close', () => this.inFlight--);
    });
  }

  /** Whether the node is draining: `/readyz` answers 503 then. */
  get active(): boolean {
    return this.draining;
  }

  /** Says not ready and stops accepting connections; the sockets already open stay. */
  begin(server: Server): void {
    if (this.draining) return;
    this.draining = true;
    this.begunAt = Date.now();
    // net.Server's own close stops accepting without http.Server's extra step (closing the idle
    // kept-alive sockets at once), which is the race this drain avoids.
    if (server.listening) NetServer.prototype.close.call(server);
  }

  /**
   * Resolves once no HTTP socket is open on the server, or no request is in flight and the idle
   * sockets had IDLE_SOCKET_WAIT_MS to go, or at `deadline`; true unless the deadline cut it short.
   */
  async settled(server: Server, deadline: number): Promise<boolean> {
    while (Date.now() < deadline) {
      const open = await new Promise<number>((resolve) => server.getConnections((_err, count) => resolve(count)));
      if (open === 0) return true;
      if (this.inFlight === 0 && Date.now() >= this.begunAt + IDLE_SOCKET_WAIT_MS) return true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return false;
  }
}
