/**
 * The deployment test runs the repository's nginx site (deploy/nginx/hearth.conf) in a real nginx:
 * Debian's package, installed with apt-get when missing and that is possible (as coturn, redis-server
 * and Chromium are), started as a foreground child with every path of its own in a temporary folder,
 * so it needs no /etc/nginx, never touches a system nginx and runs beside another test run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installCommand, installOrExplain, which } from '../system/packages.js';

/** Debian puts nginx in /usr/sbin, which a user's PATH may not name. */
function findNginx(): string | undefined {
  return which('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
}

/**
 * nginx (and openssl, which makes the test's certificate) from the system, installed with apt-get
 * when missing and possible; otherwise throws one line saying what to install.
 */
export function ensureNginx(): string {
  const missing = [...(findNginx() ? [] : ['nginx']), ...(which('openssl') ? [] : ['openssl'])];
  if (missing.length > 0) {
    const hint = missing.map((name) => installCommand({ debian: name }) ?? name).join(', ');
    const help = `The deployment test needs ${missing.join(' and ')}: install ${hint}.`;
    installOrExplain(missing, 'for the deployment test', help);
  }
  const nginx = findNginx();
  if (!nginx || !which('openssl')) throw new Error('nginx or openssl was installed but cannot be found on PATH');
  return nginx;
}

export interface RunningNginx {
  /** The master process's id. */
  readonly pid: number;
  /** The folder holding its configuration, logs and temporary files (deleted by stop()). */
  readonly dir: string;
  /** What nginx wrote to stderr (its error log). */
  output(): string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The text of a site: what Debian's nginx.conf includes inside `http { }` from sites-enabled. */
  site: string;
  /** A port the site listens on: start() returns once it accepts connections. */
  readyPort: number;
  /** Files the site names, written into the folder first (name → content), e.g. a certificate. */
  files?: Record<string, string>;
  /** Connections the worker may hold at once, both sides counted (default 256). */
  workerConnections?: number;
}

/**
 * nginx in the foreground with the site, its own pid file, logs and temporary folders. Run as root,
 * nginx's workers run as `nobody`: the folder is made readable by them. `site` may name files by the
 * placeholder `{dir}`, replaced by the folder's path.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const executable = ensureNginx();
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-nginx-'));
  await chmod(dir, 0o755);
  for (const [name, content] of Object.entries(options.files ?? {}))
    await writeFile(path.join(dir, name), content, { mode: 0o600 });
  await writeFile(path.join(dir, 'site.conf'), options.site.replaceAll('{dir}', dir));
  await writeFile(path.join(dir, 'nginx.conf'), mainConfig(dir, options.workerConnections ?? 256));

  // -e: before reading its configuration nginx opens the compiled-in error log (/var/log/nginx).
  const child = spawn(executable, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-1_000_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  const kill = () => child.kill('SIGKILL');
  process.on('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (!gone) {
      child.kill('SIGTERM'); // a fast shutdown: open connections are closed
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  while (!(await accepts(options.readyPort))) {
    if (gone || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${output.trim().split('\n').slice(-3).join(' ') || 'no output'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid!, dir, output: () => output, stop };
}

/**
 * What Debian's /etc/nginx/nginx.conf gives a site, with every path in `dir`: its temporary folders
 * would otherwise be the package's (/var/lib/nginx), which only its own user may write.
 */
function mainConfig(dir: string, workerConnections: number): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
  );
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    'error_log stderr warn;',
    `events { worker_connections ${workerConnections}; }`,
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    ...temp,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** Whether something accepts TCP connections on the port of 127.0.0.1. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
