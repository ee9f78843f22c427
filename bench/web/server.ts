/** Starts Hearth for the web benchmark: its own embedded PostgreSQL in a fresh data folder, serving the built client. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServer(rateLimitScale: number): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-web-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'INIT_CWD', 'LOG_REQUESTS']) delete env[key];
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    WEB_DIST,
    RATE_LIMIT_SCALE: String(rateLimitScale),
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        stopPostgres();
      }, 20_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  let output = '';
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Hearth is running on')) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve(false));
  });
  // Keep draining its output so it never blocks on a full pipe.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  if (!ready) {
    await stop();
    throw new Error(`The server did not start:\n${output.slice(-4_000)}`);
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
