import pg from 'pg';
import { isDatabaseUnreachable } from './unreachable.js';

// bigint columns (ids) fit in a JS number; parse them as numbers rather than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * A statement run on every request or status change, where PostgreSQL's planning costs more than the
 * execution: prepared once per pooled connection under `name` and run with a cached plan (about a
 * third of the database time of such a query, bench:presence). Explicit columns only: a prepared
 * `SELECT *` fails once a migration adds a column while the connection lives.
 */
export function prepared(name: string, text: string): (values: unknown[]) => pg.QueryConfig {
  return (values) => ({ name, text, values });
}

/**
 * How long a request waits on the database before it is answered 503 (faults.md, database.md). A
 * database that hangs (a dropped network, a stalled host) answers nothing, and without a bound every
 * request waits for ever while the pool's queue grows.
 * - `connectionTimeoutMillis`: for a connection, a new one or a turn of the pool's 10 when all are
 *   busy (pg-pool bounds both). A busy pool turns over in milliseconds (bench:history's 16 readers and
 *   bench:fanout's 100 msg/s wait well under 100 ms), so 5 s is only ever reached when nothing answers.
 * - `query_timeout`: for a statement's answer, on a connection that is already open: the only bound
 *   a hang on a connection made before it meets. Twice the other; statements rightly slower than
 *   that (a deletion cascading through a large group) carry their own bound (slowStatement). pg then
 *   gives up on the connection and it is dropped. PostgreSQL notices only once the statement ends:
 *   an open transaction is then rolled back, but a statement on its own commits.
 * No `statement_timeout` on the server as well: it would turn a slow statement into an error of its
 * own kind, while a database that answers nothing never enforces it anyway.
 */
export const SERVING_BOUNDS = { connectionTimeoutMillis: 5_000, query_timeout: 10_000 } as const;
/**
 * A statement that is rightly slower than SERVING_BOUNDS' query_timeout, with a bound of its own
 * (pg reads `query_timeout` from the query too). Cut short at 10 s, such a statement was answered as
 * an outage (503, and a false "database unreachable" in the log) while PostgreSQL, which does not
 * notice a dropped client before the statement ends, went on and committed it when it ran on its own.
 */
export function slowStatement(text: string, values: unknown[], timeoutMs: number): pg.QueryConfig {
  return { text, values, query_timeout: timeoutMs } as pg.QueryConfig;
}

/** For migrations and offline tools: a migration may wait for another node's, or rewrite a large table. */
export const UNBOUNDED = {} as const;

export function createPool(
  connectionString: string,
  bounds: { connectionTimeoutMillis?: number; query_timeout?: number } = SERVING_BOUNDS,
): Db {
  const pool = new pg.Pool({ connectionString, max: 10, ...bounds });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  // Nor one checked out (a transaction, a lock held between queries) when PostgreSQL stops: pg emits
  // 'error' on it, which the pool listens for only while the client is idle. The query under way fails
  // with the error (a 503 for its request), the client is no longer queryable, and the pool drops it
  // when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The readiness probe's own connection (health/routes.ts): a probe must answer within its timeout
 * whatever the main pool is doing. Through the main pool, a probe during a database hang waits for a
 * client with no limit, and each abandoned probe stays queued behind the hung queries. Here waiting
 * for the connection and the query are both bounded, and at most one connection is held.
 */
export function createProbePool(connectionString: string, timeoutMs = 2_000): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    idleTimeoutMillis: 60_000,
  });
  pool.on('error', () => undefined); // the probe itself reports what is down
  return pool;
}

export async function inTransaction<T>(db: Db, fn: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // A connection that broke or timed out (its statement may still be under way) is dropped, not
    // returned to the pool; dropping it rolls the transaction back, and a ROLLBACK sent on it would
    // only wait for the same timeout again.
    if (isDatabaseUnreachable(err)) broken = err as Error;
    else await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release(broken);
  }
}
