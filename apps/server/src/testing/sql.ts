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

/**
 * The database of a server running on its embedded PostgreSQL on `port` (the port its start-up line
 * names, or EMBEDDED_PG_PORT); the embedded cluster's user, password and database are all `hearth`.
 */
export function embeddedDatabaseUrl(port: number): string {
  return `postgres://hearth:hearth@127.0.0.1:${port}/hearth`;
}

export async function connectSql(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <R>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as R[],
    close: () => client.end(),
  };
}
