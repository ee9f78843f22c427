/**
 * Which database a backup reads or a restore fills: DATABASE_URL's, or the data folder's embedded
 * one. A backup reads the embedded one through the server that runs it (on the port its postmaster.pid
 * names), or starts it for the time of the backup when no server runs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { clusterDirCandidates, embeddedDatabaseUrl, startEmbeddedPostgres } from '../db/embedded/index.js';
import { isAlive } from '../system/process-alive.js';

export interface OpenDatabase {
  url: string;
  /** Stops the embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

/** The embedded cluster of dataDir, if one was ever made. */
export function existingCluster(dataDir: string): string | undefined {
  return clusterDirCandidates(dataDir).find((dir) => existsSync(path.join(dir, 'PG_VERSION')));
}

/** The port of the PostgreSQL running on this cluster, or undefined when none runs. */
export async function runningPort(clusterDir: string): Promise<{ pid: number; port: number } | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  // postmaster.pid: the pid on line 1, the port on line 4.
  const lines = text.split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
  return { pid, port };
}

/** The database to back up. */
export async function databaseToBackUp(dataDir: string, databaseUrl: string | undefined): Promise<OpenDatabase> {
  if (databaseUrl) return { url: databaseUrl, close: async () => {} };
  const cluster = existingCluster(dataDir);
  if (!cluster)
    throw new Error(`There is no Hearth database in ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`);
  const running = await runningPort(cluster);
  if (running) return { url: embeddedDatabaseUrl(running.port), close: async () => {} };
  const embedded = await startEmbeddedPostgres(dataDir, 0);
  return { url: embedded.url, close: () => embedded.stop() };
}
