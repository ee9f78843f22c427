import pg from 'pg';

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

export function createPool(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
