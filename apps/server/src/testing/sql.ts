/**
 * A direct connection to a server's database, for benchmarks that load data in bulk, faster than the
 * API would take it. It uses the server's own driver, so its callers need no driver of their own.
 */
import pg from 'pg';

export interface SqlConnection {
  /** Runs one statement and returns its rows (bigint columns come back as strings: cast in SQL). */
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/** The database of a server on its embedded PostgreSQL, on the port its start-up line names. */
export { embeddedDatabaseUrl } from '../db/embedded/index.js';

export async function connectSql(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <R>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as R[],
    close: () => client.end(),
  };
}
