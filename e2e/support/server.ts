import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startServerProcess, type ExitStatus, type ServerProcess } from '@hearth/server/testing';

/** The repository root: the server is started from there, as `npm start` would. */
export const ROOT = REPO_ROOT;
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export interface HearthServerOptions {
  /** Extra server settings (over DEFAULT_ENV); undefined leaves a setting out. */
  env?: Record<string, string | undefined>;
  startTimeoutMs?: number;
}

/**
 * What every e2e server runs with. Voice goes through a TURN relay of the server's own: the local
 * coturn it starts when turnserver is installed (the global set-up installs coturn), never an
 * external relay or direct connections the environment of the test run may name.
 */
export const DEFAULT_ENV: Record<string, string | undefined> = {
  RATE_LIMIT_SCALE: '100',
  LOCAL_COTURN: 'true',
  TURN_URLS: undefined,
  TURN_SECRET: undefined,
  VOICE_ALLOW_DIRECT: 'false',
};

/**
 * The real server (`node --import tsx apps/server/src/main.ts`, or the compiled one with
 * HEARTH_TEST_SERVER=compiled) on its own embedded PostgreSQL in a
 * fresh temporary data folder, serving the built web client. It can be stopped and started again on
 * the same folder and ports, which is how a restart looks to a browser.
 */
export class HearthServer {
  private current: ServerProcess | null = null;
  /** What the processes before the current one (before restarts) printed. */
  private earlierOutput = '';

  private constructor(
    readonly port: number,
    readonly pgPort: number,
    /** Holds data/ (the server's DATA_DIR) and web/ (its copy of the built client). */
    private readonly home: string,
    private readonly env: Record<string, string | undefined>,
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
      { ...DEFAULT_ENV, ...options.env },
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

  /** Everything the server printed, across restarts (the last 200 kB). */
  output(): string {
    return (this.earlierOutput + (this.current?.output() ?? '')).slice(-200_000);
  }

  /** Stops the server (SIGINT, as Ctrl+C) and starts it again on the same data folder and ports. */
  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }

  /**
   * A rolling restart of this server: SIGTERM (it drains: live clients are told to resume elsewhere,
   * requests in flight finish), wait for it to exit, and start it again on the same folder and ports.
   * Resolves with how it exited.
   */
  async drainAndRestart(): Promise<ExitStatus> {
    const server = this.current;
    if (!server) throw new Error('The server is not running');
    this.current = null;
    process.kill(server.pid, 'SIGTERM');
    const status = await server.exited;
    this.earlierOutput = (this.earlierOutput + server.output()).slice(-200_000);
    await this.launch();
    return status;
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
    const server = this.current;
    if (!server) return;
    this.current = null;
    const status = await server.stop(timeoutMs);
    this.earlierOutput = (this.earlierOutput + server.output()).slice(-200_000);
    if (status.signal === 'SIGKILL') await this.stopOrphanedPostgres();
  }

  private async launch(): Promise<void> {
    this.current = await startServerProcess({
      name: 'The server',
      startTimeoutMs: this.startTimeoutMs,
      env: {
        ...this.env,
        PORT: String(this.port),
        EMBEDDED_PG_PORT: String(this.pgPort),
        DATA_DIR: this.dataDir,
        WEB_DIST: path.join(this.home, 'web'),
      },
    }).catch(async (err: unknown) => {
      // It may have been killed after it started its database.
      await this.stopOrphanedPostgres();
      throw err;
    });
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
