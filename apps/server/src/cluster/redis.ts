import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startRedisServer, type RunningRedis } from '../testing/redis-server.js';

/**
 * The cluster's Redis: redis-server (installed with apt-get when missing and possible) on a free
 * port of 127.0.0.1, its data in `dir` with the append-only file on, so the event log and the
 * sessions outlive a restart of the cluster as the database does. Its own process group, as the
 * nodes: Ctrl-C reaches the cluster command, which stops it last.
 */
export async function startClusterRedis(dir: string): Promise<RunningRedis> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return startRedisServer({ dir: path.resolve(dir), persist: true, detached: true });
}
