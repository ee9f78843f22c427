import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository root: the server is started from there, as `npm start` would. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const MAIN = 'apps/server/src/main.ts';
const READY_LINE = 'Hearth is running on';

/** Server settings taken from the parent environment would make runs depend on the shell they start in. */
const SERVER_ENV_KEYS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'EMBEDDED_PG_PORT',
  'REDIS_URL',
  'REDIS_PREFIX',
  'RATE_LIMIT_SCALE',
  'WEB_DIST',
  'ACCESS_TOKEN_TTL_SEC',
  'REFRESH_TOKEN_TTL_DAYS',
  'LIVE_IDLE_TIMEOUT_MS',
  'LIVE_MAX_BUFFERED_BYTES',
  'TRUST_PROXY',
  'LOG_REQUESTS',
];

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface HearthServerOptions {
  /** Extra server settings (defaults: RATE_LIMIT_SCALE=100). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) on its own embedded PostgreSQL in a
 * fresh temporary data folder, serving the built web client. It can be stopped and started again on
 * the same folder and ports, which is how a restart looks to a browser.
 */
export class HearthServer {
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(
    readonly port: number,
    readonly pgPort: number,
    /** Holds data/ (the server's DATA_DIR) and web/ (its copy of the built client). */
    private readonly home: string,
    private readonly env: Record<string, string>,
    private readonly startTimeoutMs: number,
  ) {}

  /** e.g. http://127.0.0.1:41234 */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(options: HearthServerOptions = {}): Promise<HearthServer> {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      throw new Error(
        `The web client is not built (${path.relative(ROOT, WEB_DIST)}/index.html is missing): run \`npm run build\` first`,
      );
    }
    const home = await mkdtemp(path.join(tmpdir(), 'hearth-e2e-'));
    // Run as root, the embedded PostgreSQL runs as another user, who must be able to reach its folder.
    await chmod(home, 0o755);
    const server = new HearthServer(
      await freePort(),
      await freePort(),
      home,
      { RATE_LIMIT_SCALE: '100', ...options.env },
      options.startTimeoutMs ?? 60_000,
    );
    try {
      await copyWebClient(path.join(home, 'web'));
      await server.launch();
    } catch (err) {
      await rm(home, { recursive: true, force: true });
      throw err;
    }
    return server;
  }

  /** Everything the server printed (the last 200 kB). */
  output(): string {
    return this.log;
  }

  /** Stops the server (SIGINT, as Ctrl+C) and starts it again on the same data folder and ports. */
  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }

  get dataDir(): string {
    return path.join(this.home, 'data');
  }

  /** Stops the server and deletes its folders. */
  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.home, { recursive: true, force: true });
  }

  /** SIGINT and wait; SIGKILL after timeoutMs, then the database it leaves behind is stopped too. */
  async stop(timeoutMs = 20_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      child.kill('SIGKILL');
      await exited;
      await this.stopOrphanedPostgres();
    }
  }

  private async launch(): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of SERVER_ENV_KEYS) delete env[key];
    Object.assign(env, this.env, {
      HOST: '127.0.0.1',
      PORT: String(this.port),
      EMBEDDED_PG_PORT: String(this.pgPort),
      DATA_DIR: this.dataDir,
      WEB_DIST: path.join(this.home, 'web'),
    });
    delete env.INIT_CWD;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    const append = (chunk: Buffer) => {
      this.log += chunk.toString('utf8');
      if (this.log.length > 400_000) this.log = this.log.slice(-200_000);
    };
    // Both pipes are drained for the whole life of the process, so it never blocks on a full pipe.
    child.stdout!.on('data', append);
    child.stderr!.on('data', append);

    const ready = await new Promise<boolean>((resolve) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes(READY_LINE)) done(true);
      };
      const onExit = () => done(false);
      const timer = setTimeout(() => done(false), this.startTimeoutMs);
      function done(ok: boolean) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve(ok);
      }
      child.stdout!.on('data', onData);
      child.once('exit', onExit);
    });
    if (!ready) {
      await this.stop(5_000);
      throw new Error(`The server did not start; its output:\n${this.log.slice(-4_000)}`);
    }
  }

  /** A killed server leaves its embedded PostgreSQL running; stop that one (named by its pid file) too. */
  private async stopOrphanedPostgres(): Promise<void> {
    const pidFile = path.join(this.dataDir, 'pg', 'postmaster.pid');
    const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return;
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      return; // already gone
    }
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Each server serves its own copy of the built client, so a rebuild while the tests run (the client
 * being worked on) cannot take it away half-way. A copy taken mid-build misses an asset: try again.
 */
async function copyWebClient(to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await rm(to, { recursive: true, force: true });
    await cp(WEB_DIST, to, { recursive: true });
    const html = await readFile(path.join(to, 'index.html'), 'utf8').catch(() => '');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    if (html && assets.every((asset) => existsSync(path.join(to, asset)))) return;
    if (attempt === 10) throw new Error(`${path.relative(ROOT, WEB_DIST)} is incomplete: run \`npm run build\``);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const running = new Set<ChildProcess>();
// Last resort if the worker exits without its teardown: leave no server behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
