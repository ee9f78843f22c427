import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../net/free-port.js';
import { ensureRedisServer } from '../testing/redis-server.js';

const READY = /ready to accept connections/i;

export interface ClusterRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The cluster's Redis: redis-server (installed with apt-get when missing and possible) on a free
 * port of 127.0.0.1, its data in `dir` with the append-only file on, so the event log and the
 * sessions outlive a restart of the cluster as the database does.
 */
export async function startClusterRedis(dir: string): Promise<ClusterRedis> {
  const executable = ensureRedisServer();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', path.resolve(dir)];
  args.push('--appendonly', 'yes', '--save', '', '--daemonize', 'no', '--logfile', '');
  // Its own process group, as the nodes: Ctrl-C reaches the cluster command, which stops it last.
  const child = spawn(executable, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-10_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 15_000);
    const check = () => {
      if (!READY.test(output)) return;
      clearTimeout(timer);
      resolve(true);
    };
    child.stdout.on('data', check);
    child.once('error', () => resolve(false));
    void exited.then(() => resolve(false));
  });
  const kill = () => child.kill('SIGKILL');
  if (!ready) {
    kill();
    throw new Error(`redis-server did not start: ${output.trim().split('\n').slice(-2).join(' ')}`);
  }
  process.on('exit', kill);
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      process.off('exit', kill);
      child.kill('SIGTERM'); // it writes its append-only file and exits
      await exited;
    },
  };
}
