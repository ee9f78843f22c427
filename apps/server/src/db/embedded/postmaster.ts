/** The PostgreSQL processes themselves: initdb, the postmaster, and one left behind by a crash. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RunAs } from './run-as.js';

/** English messages, so readiness and failures can be recognised in the log. */
const ENV = { ...process.env, LC_MESSAGES: 'C' };
const READY = 'database system is ready to accept connections';
const STOP_TIMEOUT_MS = 30_000;

interface InitdbOptions {
  initdb: string;
  databaseDir: string;
  user: RunAs | undefined;
  superuser: string;
  passwordFile: string;
}

/**
 * A new cluster: UTF-8 with the builtin C.UTF-8 locale (Unicode case mapping that does not depend
 * on the host's locales) and password authentication (scram) even on 127.0.0.1.
 */
export async function runInitdb(o: InitdbOptions): Promise<void> {
  const args = [
    `--pgdata=${o.databaseDir}`,
    '--auth=scram-sha-256',
    `--username=${o.superuser}`,
    `--pwfile=${o.passwordFile}`,
    '--encoding=UTF8',
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--no-instructions',
  ];
  const child = spawn(o.initdb, args, { ...o.user, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(child);
  const { code, error } = await ended(child);
  if (code !== 0)
    throw new Error(`Could not create the embedded database in ${o.databaseDir}: ${error ?? lastLines(output())}`);
}

/** PostgreSQL could not listen on its port: another program holds it. */
export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(`The embedded PostgreSQL did not start: port ${port} is taken; set EMBEDDED_PG_PORT to a free port.`);
  }
}

export interface Postmaster {
  readonly pid: number;
  /** Resolves if the postmaster exits without stop() having been called (it crashed or was killed). */
  readonly lost: Promise<void>;
  stop(): Promise<void>;
}

interface StartOptions {
  postgres: string;
  databaseDir: string;
  port: number;
  user: RunAs | undefined;
  onLog?: (line: string) => void;
}

/** Starts the server and resolves once it accepts connections; rejects with PostgreSQL's own reason. */
export async function startPostmaster(o: StartOptions): Promise<Postmaster> {
  const args = ['-D', o.databaseDir, '-p', String(o.port), '-c', 'listen_addresses=127.0.0.1'];
  args.push('-c', 'unix_socket_directories=');
  // Its own process group: Ctrl+C in a terminal signals the whole foreground group, and PostgreSQL
  // must stop when the server says so (after the server's last query), not at the same moment.
  const child = spawn(o.postgres, args, { ...o.user, env: ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = collect(child, o.onLog);
  const exited = ended(child);
  const ready = await new Promise<boolean>((resolve) => {
    const check = () => output().includes(READY) && resolve(true);
    child.stderr?.on('data', check);
    void exited.then(() => resolve(false));
  });
  if (!ready) {
    const { error } = await exited;
    if (/address already in use/i.test(output())) throw new PortTakenError(o.port);
    throw new Error(`The embedded PostgreSQL did not start: ${error ?? lastLines(output())}`);
  }
  // Last resort if this process exits without stopping it (a fast shutdown keeps committed data).
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);
  let stopping: Promise<void> | undefined;
  const lost = exited.then(() => (stopping ? new Promise<void>(() => {}) : undefined));
  return {
    pid: child.pid!,
    lost,
    stop: () =>
      (stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      })()),
  };
}

/** Output of a child, kept (the last 20 kB) for error messages and passed on line by line. */
function collect(child: ChildProcess, onLog?: (line: string) => void): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    const s = chunk.toString('utf8');
    text = (text + s).slice(-20_000);
    onLog?.(s);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text;
}

/** Resolves when the child has gone; a child that could not be started (EACCES, ENOENT) gives its error. */
function ended(child: ChildProcess): Promise<{ code: number | null; error?: string }> {
  return new Promise((resolve) => {
    child.once('error', (err) => resolve({ code: null, error: err.message }));
    child.once('close', (code) => resolve({ code }));
  });
}

/** PostgreSQL's FATAL/ERROR lines if any, else the last line it wrote (without its time and pid). */
function lastLines(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, '').trim())
    .filter(Boolean);
  const fatal = lines.filter((l) => /\b(FATAL|ERROR|PANIC)\b|initdb: error/.test(l));
  return (fatal.length ? fatal.slice(-2) : lines.slice(-1)).join(' ') || 'no output';
}

/**
 * After a crash the postmaster may still run (it outlives a killed parent) or its pid file may be stale.
 * A live one is shut down cleanly (SIGINT: fast shutdown, committed data is kept); a stale file is removed.
 */
export async function clearStalePostmaster(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && (await isPostmasterOf(pid, databaseDir))) {
    const owner = await runningOwner(pid);
    if (owner)
      throw new Error(
        `The database in ${databaseDir} is in use by another running server (process ${owner}): stop that one first, or give this one its own DATA_DIR.`,
      );
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 200 && isAlive(pid); i++) await sleep(50);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(50);
  }
  if (existsSync(pidFile)) await rm(pidFile, { force: true });
}

/**
 * The process that started this postmaster, if it still runs: another server using the same data
 * folder right now, whose database must not be pulled from under it. A postmaster left by a killed
 * server has been handed to init (or a subreaper), which is not a Node.js process.
 */
async function runningOwner(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) return null;
    const exe = await readlink(`/proc/${ppid}/exe`);
    return path.basename(exe).startsWith('node') ? ppid : null;
  } catch {
    return null;
  }
}

/** Whether pid is the postmaster of this data folder (`postgres -D <databaseDir> ...`), not just any postgres. */
async function isPostmasterOf(pid: number, databaseDir: string): Promise<boolean> {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
