/**
 * Whether an error means the database could not be reached, rather than that it refused the query:
 * nothing listening (a stopped PostgreSQL), a connection cut (a restart terminates them), or a server
 * shutting down or starting up. Such a request is answered 503 with a text saying so; the pool opens
 * new connections by itself once PostgreSQL is back, so the next request may go through.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  // pg says these without a code: the socket closed under a query, a connection was never made in time,
  // or a statement got no answer in time (pool.ts's bounds: a database that hangs).
  return typeof message === 'string' && PG_MESSAGES.test(message);
}

/** The socket could not be opened or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
const PG_MESSAGES =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error|^Query read timeout/;
