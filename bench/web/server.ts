/**
 * Starts Hearth for the benchmarks that drive the web client: its own embedded PostgreSQL in a fresh
 * data folder, serving the built client.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startServerProcess } from '@hearth/server/testing';

export const ROOT = REPO_ROOT;
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export interface BenchServer {
  url: string;
  /** The server's process (its embedded PostgreSQL and a local coturn are its children). */
  pid: number;
  stop(): Promise<void>;
}

/** `env`: further server settings; undefined leaves one out (the environment's value is not passed either). */
export async function startServer(
  rateLimitScale: number,
  env: Record<string, string | undefined> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-web-'));
  const stopPostgres = () => {
    // A server that had to be killed leaves its PostgreSQL running: stop that one too.
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
  };
  try {
    const server = await startServerProcess({
      name: 'The server',
      env: {
        EMBEDDED_PG_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        WEB_DIST,
        RATE_LIMIT_SCALE: String(rateLimitScale),
        ...env,
      },
      // A bound on a start that hangs, not a wait: a busy machine can take minutes.
      startTimeoutMs: 300_000,
    });
    return {
      url: server.url,
      pid: server.pid,
      stop: async () => {
        const status = await server.stop();
        if (status.signal === 'SIGKILL') stopPostgres();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    stopPostgres();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
